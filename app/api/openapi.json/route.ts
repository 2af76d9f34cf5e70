import { openApiDocument } from "@/lib/platform/openapi/document";

/** The API's OpenAPI 3.1 document: public and cacheable; `?lang=ru` for the Russian descriptions. */
export function GET(request: Request): Response {
  const lang = new URL(request.url).searchParams.get("lang") === "ru" ? "ru" : "en";
  return Response.json(openApiDocument(lang), {
    headers: { "cache-control": "public, max-age=300", vary: "accept-encoding", "access-control-allow-origin": "*" },
  });
}
