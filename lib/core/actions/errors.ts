/**
 * A refusal of a dashboard service with a stable code (also the i18n key of its
 * text) and, when it belongs to one, the form field it is about.
 */
export class DashboardError extends Error {
  constructor(
    readonly code: string,
    readonly field?: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(code);
    this.name = "DashboardError";
  }
}
