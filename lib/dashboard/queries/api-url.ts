/** `path?query` from the parameters that have a value (each one encoded); just `path` when none has. */
export function apiUrl(path: string, params: Record<string, string | number | null | undefined> = {}): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== null && value !== undefined) query.set(name, String(value));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}
