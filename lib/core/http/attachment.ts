/**
 * The headers of a file download, for every one the dashboard serves: the name as given (an ASCII
 * fallback in `filename`, the exact name, accents and Cyrillic too, in `filename*`), never cached
 * by a shared cache, never sniffed as another type.
 */
export function attachmentHeaders(fileName: string, contentType: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    "content-type": contentType,
    "content-disposition": `attachment; filename="${fileName.replace(/[^\w.-]+/g, "_")}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    "cache-control": "private, no-store",
    "x-content-type-options": "nosniff",
    ...extra,
  };
}
