/** The text a screen reader gives as an element's description: its aria-describedby elements' texts, in order. */
export function descriptionOf(element: Element): string {
  const ids = element.getAttribute("aria-describedby")?.split(/\s+/).filter(Boolean) ?? [];
  return ids
    .map((id) => element.ownerDocument.getElementById(id)?.textContent?.trim() ?? "")
    .filter(Boolean)
    .join(" ");
}
