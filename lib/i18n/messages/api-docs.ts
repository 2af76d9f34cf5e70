import { defineMessages } from "./define";

export const apiDocsMessages = defineMessages(
  {
    "api_docs.title": "API reference",
    "api_docs.links": "Links",
    "api_docs.back": "Back to the dashboard",
    "api_docs.download": "Download the OpenAPI document",
    "api_docs.key_note": "Try it sends the API key you type from your browser to this server only; it is not stored anywhere.",
    "api_docs.loading": "Loading the reference…",
    "api_docs.load_failed": "The reference could not be loaded. Reload the page; the OpenAPI document can still be downloaded from the link above.",
  },
  {
    "api_docs.title": "Справочник API",
    "api_docs.links": "Ссылки",
    "api_docs.back": "Назад в панель",
    "api_docs.download": "Скачать документ OpenAPI",
    "api_docs.key_note": "Пробный запрос отправляет введённый вами ключ API только из вашего браузера на этот сервер; ключ нигде не сохраняется.",
    "api_docs.loading": "Загрузка справочника…",
    "api_docs.load_failed": "Не удалось загрузить справочник. Обновите страницу; документ OpenAPI можно скачать по ссылке выше.",
  },
);
