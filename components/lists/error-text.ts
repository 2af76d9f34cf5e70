/** Translates a message that is an i18n key (our schema's); the server's texts are already translated and stay as they are. */
export const messageOf = (t: (key: string) => string, message: unknown): string[] | undefined =>
  typeof message === "string" && message ? [t(message)] : undefined;
