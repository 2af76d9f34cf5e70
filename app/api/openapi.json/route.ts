import { openApiDocumentText, type DocumentLanguage } from "@/lib/platform/openapi/document";

/**
 * The API's OpenAPI 3.1 document: public (it holds no secret and no tenant's data) and cacheable, with an entity tag so
 * that a client asks again cheaply. `?lang=ru` for the Russian descriptions; English otherwise.
 */
export function GET(request: Request): Response {
  const lang: DocumentLanguage = new URL(request.url).searchParams.get("lang") === "ru" ? "ru" : "en";
  const { text, etag } = openApiDocumentText(lang);
  const headers = {
    "cache-control": "public, max-age=300, must-revalidate",
    etag,
    "access-control-allow-origin": "*",
    "content-language": lang,
  };
  const known = request.headers.get("if-none-match");
  if (known && known.split(",").some((tag) => tag.trim() === etag)) return new Response(null, { status: 304, headers });
  return new Response(text, { headers: { ...headers, "content-type": "application/json; charset=utf-8" } });
}
