import { createHash } from "node:crypto";
import { openApiDocument, type DocumentLanguage } from "@/lib/platform/openapi/document";

/** The text and its entity tag, per language: the document depends only on the code, so both are made once. */
const served = new Map<DocumentLanguage, { text: string; etag: string }>();

function documentText(lang: DocumentLanguage): { text: string; etag: string } {
  let entry = served.get(lang);
  if (!entry) {
    const text = JSON.stringify(openApiDocument(lang));
    entry = { text, etag: `"${createHash("sha256").update(text).digest("hex").slice(0, 32)}"` };
    served.set(lang, entry);
  }
  return entry;
}

/**
 * The API's OpenAPI 3.1 document: public (it holds no secret and no tenant's data) and cacheable, with an entity tag so
 * that a client asks again cheaply. `?lang=ru` for the Russian descriptions; English otherwise.
 */
export function GET(request: Request): Response {
  const lang: DocumentLanguage = new URL(request.url).searchParams.get("lang") === "ru" ? "ru" : "en";
  const { text, etag } = documentText(lang);
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
