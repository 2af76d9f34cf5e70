/** The OpenAPI 3.1 description of /api/v1, in English or Russian (placeholder: filled in by the generator). */
export type DocumentLanguage = "en" | "ru";

export function openApiDocument(lang: DocumentLanguage = "en"): Record<string, unknown> {
  return {
    openapi: "3.1.0",
    info: { title: lang === "ru" ? "API чат-бот платформы" : "Chatbot Platform API", version: "1" },
    servers: [{ url: "/" }],
    components: {
      securitySchemes: {
        bearerAuth: { type: "http", scheme: "bearer" },
        apiToken: { type: "apiKey", in: "query", name: "api_token" },
      },
    },
    security: [{ bearerAuth: [] }, { apiToken: [] }],
    paths: {
      "/api/v1/getMe": {
        get: {
          operationId: "getMe",
          summary: lang === "ru" ? "Владелец ключа" : "The key's holder",
          responses: { "200": { description: "OK", content: { "application/json": { schema: { type: "object" } } } } },
        },
      },
    },
  };
}
