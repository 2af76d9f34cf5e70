import { createHash } from "node:crypto";
import { z } from "zod";
import * as contract from "@/lib/contract/responses";
import { allMethods } from "../registry";
import type { ApiMethod, MethodResponses } from "../method";
import { OPERATION_TEXTS, STATUS_TEXTS, TAG_TEXTS, type Localized, type TagName } from "./texts";

/**
 * The OpenAPI 3.1 description of /api/v1, generated from what the gateway runs: every method of the registry with its
 * verbs, its parameters from its zod schema (query for GET; JSON, urlencoded or multipart for POST), every status it can
 * answer with the body of lib/contract, and the gateway's headers. Words come from ./texts in English or Russian.
 */
export type DocumentLanguage = "en" | "ru";

type JsonSchema = Record<string, unknown>;
type Json = Record<string, unknown>;

const SCHEMA_REF = "#/components/schemas/";
const OPERATION_ID_PREFIX = "__operation__";

/* ---------- schemas ---------- */

/** Bounds that only restate a safe JavaScript integer say nothing to a reader: they are left out. */
function tidy(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(tidy);
  if (!schema || typeof schema !== "object") return schema;
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === "$schema" || key === "$id") continue;
    if ((key === "minimum" || key === "maximum") && Math.abs(value as number) === Number.MAX_SAFE_INTEGER) continue;
    if (key === "propertyNames" && JSON.stringify(value) === '{"type":"string"}') continue;
    out[key] = tidy(value);
  }
  return out;
}

const CONSTRAINTS = [
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "minLength",
  "maxLength",
  "pattern",
  "minItems",
  "maxItems",
  "enum",
  "format",
];

/**
 * A parameter schema is a pipe: what is sent (a string of digits may be an integer) becomes what the method reads (a
 * number in bounds). Neither side alone says everything, so the two are merged: the sent side's types, with every bound the
 * read side adds, member by member.
 */
function mergeSides(input: unknown, output: unknown): unknown {
  if (!input || typeof input !== "object" || Array.isArray(input)) return input;
  const sent = input as Json;
  const read = (output && typeof output === "object" && !Array.isArray(output) ? output : {}) as Json;
  if (Object.keys(sent).length === 0) return read;
  const merged: Json = { ...sent };
  for (const key of CONSTRAINTS) if (merged[key] === undefined && read[key] !== undefined) merged[key] = read[key];
  if (sent.properties && read.properties) {
    const properties: Json = {};
    for (const [name, value] of Object.entries(sent.properties as Json)) properties[name] = mergeSides(value, (read.properties as Json)[name]);
    merged.properties = properties;
  }
  if (sent.items && read.items) merged.items = mergeSides(sent.items, read.items);
  return merged;
}

/** The top-level parameters a call cannot leave out: those an empty call is refused for. */
function requiredKeys(schema: z.ZodType): string[] {
  const result = schema.safeParse({});
  if (result.success) return [];
  return [...new Set(result.error.issues.filter((issue) => issue.path.length >= 1).map((issue) => String(issue.path[0])))];
}

function parameterSchema(method: ApiMethod): JsonSchema {
  const schema = method.documentedParams ?? method.params;
  const convert = (io: "input" | "output") => tidy(z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "any" }));
  const merged = mergeSides(convert("input"), convert("output")) as JsonSchema;
  const required = requiredKeys(schema);
  const { required: _guessed, ...rest } = merged;
  return required.length > 0 ? { ...rest, required } : rest;
}

interface SchemaBundle {
  components: Record<string, JsonSchema>;
  /** The JSON Schema of each method's own answer, by `method status`; null for no body. */
  answers: Map<string, JsonSchema | null>;
  /** Each method's parameters, by method name (the same for both verbs and both languages). */
  parameters: Map<string, JsonSchema>;
}

let bundle: SchemaBundle | undefined;

/**
 * Every contract schema with its id, and each method's answers, converted once. The conversion runs over a registry of
 * this module's own: a server holds more than one copy of lib/contract (one per bundle that imports it), and zod's global
 * registry would mix their schemas under the same ids ("Duplicate schema id").
 */
function schemaBundle(): SchemaBundle {
  if (bundle) return bundle;
  const registry = z.registry<{ id: string }>();
  const named = new Set<string>();
  for (const value of Object.values(contract)) {
    if (!(value instanceof z.ZodType)) continue;
    const id = z.globalRegistry.get(value)?.id as string | undefined;
    if (id && !named.has(id)) {
      registry.add(value, { id });
      named.add(id);
    }
  }
  const pending: [string, string | null][] = [];
  const parameters = new Map<string, JsonSchema>();
  for (const [name, method] of allMethods()) {
    parameters.set(name, parameterSchema(method));
    for (const [status, schema] of Object.entries(method.responses as MethodResponses)) {
      if (schema === undefined) continue;
      if (schema === null) {
        pending.push([`${name} ${status}`, null]);
        continue;
      }
      const id = registry.get(schema)?.id ?? `${OPERATION_ID_PREFIX}${name}_${status}`;
      if (!registry.has(schema)) registry.add(schema, { id });
      pending.push([`${name} ${status}`, id]);
    }
  }
  const converted = z.toJSONSchema(registry, { target: "draft-2020-12", io: "output", unrepresentable: "any", uri: (id) => `${SCHEMA_REF}${id}` });
  const components: Record<string, JsonSchema> = {};
  for (const id of [...named].sort()) components[id] = tidy(converted.schemas[id]) as JsonSchema;
  const answers = new Map<string, JsonSchema | null>();
  for (const [key, id] of pending) {
    if (id === null) answers.set(key, null);
    else answers.set(key, id.startsWith(OPERATION_ID_PREFIX) ? (tidy(converted.schemas[id]) as JsonSchema) : { $ref: `${SCHEMA_REF}${id}` });
  }
  bundle = { components, answers, parameters };
  return bundle;
}

/* ---------- headers and the gateway's answers ---------- */

const HEADERS: Record<string, { schema: JsonSchema; description: Localized }> = {
  "X-Request-Id": {
    schema: { type: "string" },
    description: {
      en: "The request's id (yours from `X-Request-Id`, up to 64 characters, else a new UUID); quoted in logs and 5xx bodies",
      ru: "Идентификатор запроса (ваш из `X-Request-Id`, до 64 символов, иначе новый UUID); он же в журналах и в телах ответов 5xx",
    },
  },
  "X-RateLimit-Limit": {
    schema: { type: "integer" },
    description: {
      en: "Requests a minute the key holder may make (all methods together)",
      ru: "Сколько запросов в минуту можно владельцу ключа (все методы вместе)",
    },
  },
  "X-RateLimit-Remaining": {
    schema: { type: "integer", minimum: 0 },
    description: { en: "Requests left in the current minute", ru: "Сколько запросов осталось в текущей минуте" },
  },
  "X-RateLimit-Reset": {
    schema: { type: "integer" },
    description: {
      en: "Extension: Unix seconds at which the current minute ends, by the clock of `Date`",
      ru: "Расширение: Unix-время в секундах, когда кончается текущая минута, по часам заголовка `Date`",
    },
  },
  Date: {
    schema: { type: "string" },
    description: { en: "The platform's clock (on every answer counted against the minute)", ru: "Часы платформы (в каждом ответе, учтённом в лимите)" },
  },
  "Retry-After": {
    schema: { type: "integer", minimum: 0 },
    description: { en: "Seconds to wait before trying again", ru: "Сколько секунд подождать перед повтором" },
  },
  Deprecation: {
    schema: { type: "string", enum: ["true"] },
    description: { en: "The method is deprecated: it works until `Sunset`", ru: "Метод устарел: он работает до даты `Sunset`" },
  },
  Sunset: {
    schema: { type: "string" },
    description: { en: "When a deprecated method is switched off (HTTP date)", ru: "Когда устаревший метод будет отключён (HTTP-дата)" },
  },
  Link: {
    schema: { type: "string" },
    description: {
      en: 'The method that replaces a deprecated one (`rel="successor-version"`)',
      ru: 'Метод, который заменяет устаревший (`rel="successor-version"`)',
    },
  },
  Location: {
    schema: { type: "string" },
    description: { en: "Where the redirect goes", ru: "Куда ведёт перенаправление" },
  },
};

const EVERY_ANSWER = ["X-Request-Id", "X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset", "Date", "Deprecation", "Sunset", "Link"];

/** The gateway's answers, the same for every method, with their bodies. */
const GATEWAY_ANSWERS: Record<number, { schema: z.ZodType | null; extra?: string[] }> = {
  302: { schema: null, extra: ["Location"] },
  400: { schema: contract.RequestErrorBody },
  401: { schema: contract.UnauthorizedBody },
  402: { schema: contract.ProRequiredBody },
  403: { schema: contract.ForbiddenBody },
  410: { schema: contract.MethodRemovedBody },
  413: { schema: contract.RequestErrorBody },
  422: { schema: contract.ValidationErrorBody },
  429: { schema: contract.TooManyRequestsBody, extra: ["Retry-After"] },
  500: { schema: contract.ServerErrorBody },
  503: { schema: contract.ServiceUnavailableBody, extra: ["Retry-After"] },
};

const REQUIRED_HEADERS = new Set(["X-Request-Id", "Location"]);

function idOf(schema: z.ZodType): string {
  return z.globalRegistry.get(schema)!.id as string;
}

function headersOf(names: string[]): Json {
  return Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]));
}

function response(description: string, schema: JsonSchema | null, headerNames: string[]): Json {
  return {
    description,
    headers: headersOf(headerNames),
    ...(schema ? { content: { "application/json": { schema } } } : {}),
  };
}

/* ---------- operations ---------- */

const pick = (text: Localized, lang: DocumentLanguage) => text[lang];

function operationFor(name: string, method: ApiMethod, verb: "GET" | "POST", lang: DocumentLanguage): Json {
  const text = OPERATION_TEXTS[name];
  const params = schemaBundle().parameters.get(name) as JsonSchema;
  const properties = (params.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((params.required as string[] | undefined) ?? []);
  const describe = (key: string) => (text?.parameters[key] ? pick(text.parameters[key], lang) : undefined);
  const described: JsonSchema = {
    ...params,
    properties: Object.fromEntries(
      Object.entries(properties).map(([key, value]) => [key, { ...value, ...(describe(key) ? { description: describe(key) } : {}) }]),
    ),
  };
  const { answers } = schemaBundle();
  const responses: Json = {};
  const own = method.responses as MethodResponses;
  const statuses = new Set<number>([...Object.keys(own).map(Number), ...Object.keys(GATEWAY_ANSWERS).map(Number)]);
  for (const status of [...statuses].sort((a, b) => a - b)) {
    const words = pick(STATUS_TEXTS[status] ?? { en: String(status), ru: String(status) }, lang);
    if (status in own) {
      responses[status] = response(words, answers.get(`${name} ${status}`) ?? null, EVERY_ANSWER);
    } else {
      responses[status] = { $ref: `#/components/responses/${status}` };
    }
  }
  const operation: Json = {
    operationId: verb === "GET" || method.verbs.length === 1 ? name : `${name}_post`,
    summary: text ? pick(text.summary, lang) : name,
    ...(text ? { description: pick(text.description, lang) } : {}),
    tags: [tagName(text?.tag ?? "contacts", lang)],
    ...(method.extension ? { "x-extension": true } : {}),
  };
  if (verb === "GET") {
    operation.parameters = Object.entries(described.properties as Record<string, JsonSchema>).map(([key, schema]) => {
      const { description, "x-extension": extension, ...rest } = schema;
      const structured = rest.type === "object" || rest.type === "array" || rest.properties !== undefined || rest.items !== undefined;
      return {
        name: key,
        in: "query",
        required: required.has(key),
        ...(description ? { description } : {}),
        ...(extension ? { "x-extension": true } : {}),
        ...(structured ? { style: "deepObject", explode: true } : {}),
        schema: rest,
        ...(text?.example[key] !== undefined ? { example: text.example[key] } : {}),
      };
    });
  } else {
    const example = text?.example;
    operation.requestBody = {
      required: required.size > 0,
      content: {
        "application/json": { schema: described, ...(example ? { example } : {}) },
        "application/x-www-form-urlencoded": { schema: described },
        "multipart/form-data": { schema: described },
      },
    };
  }
  operation.responses = responses;
  return operation;
}

function tagName(tag: TagName, lang: DocumentLanguage): string {
  return pick(TAG_TEXTS[tag].name, lang);
}

const INFO: Record<DocumentLanguage, { title: string; description: string }> = {
  en: {
    title: "Chatbot Platform API",
    description: [
      "Lists and their fields, contact accounts (internal balances) and contacts, at `/api/v1/<methodName>`.",
      "",
      "**Authentication.** `Authorization: Bearer <key>`, or the parameter `api_token` in the query string or the body when a header cannot be set. The key's owner must be on the Pro plan (else `402 pro_required`).",
      "",
      "**Requests.** GET sends parameters in the query string (bracket notation for arrays and objects: `fields[0][name]`); POST as JSON or form fields. Send `Accept: application/json`: without it a failed validation is a `302` redirect instead of a JSON `422`. `Accept-Language` (`en`, `ru`) chooses the language of error texts; rely on the status, `code` and `errors`, not on the texts.",
      "",
      "**Limits.** 120 requests a minute per key holder, all methods together: every counted answer carries `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset`; over it, `429` with `Retry-After`.",
      "",
      "**Versioning.** A deprecated method answers with `Deprecation: true` and `Sunset` until its sunset date, then `410 method_removed`.",
      "",
      "Operations and parameters marked `x-extension` are ours, not in the public specification.",
    ].join("\n"),
  },
  ru: {
    title: "API чат-бот платформы",
    description: [
      "Списки и их поля, счета контактов (внутренние балансы) и контакты по адресу `/api/v1/<methodName>`.",
      "",
      "**Авторизация.** `Authorization: Bearer <ключ>` или параметр `api_token` в строке запроса или в теле, если заголовок задать нельзя. У владельца ключа должен быть тариф Pro (иначе `402 pro_required`).",
      "",
      "**Запросы.** GET передаёт параметры в строке запроса (массивы и объекты — в скобочной записи: `fields[0][name]`); POST — JSON или поля формы. Передавайте `Accept: application/json`: без него ошибка проверки приходит перенаправлением `302`, а не JSON `422`. `Accept-Language` (`en`, `ru`) выбирает язык текстов ошибок; опирайтесь на статус, `code` и `errors`, а не на тексты.",
      "",
      "**Лимиты.** 120 запросов в минуту на владельца ключа, все методы вместе: каждый учтённый ответ несёт `X-RateLimit-Limit`, `X-RateLimit-Remaining` и `X-RateLimit-Reset`; сверх лимита — `429` с `Retry-After`.",
      "",
      "**Версии.** Устаревший метод до даты отключения отвечает с заголовками `Deprecation: true` и `Sunset`, после неё — `410 method_removed`.",
      "",
      "Операции и параметры с пометкой `x-extension` — наши расширения, их нет в публичной спецификации.",
    ].join("\n"),
  },
};

const documents = new Map<DocumentLanguage, Json>();

/** The whole document, built once per language (it depends only on the code). */
export function openApiDocument(lang: DocumentLanguage = "en"): Json {
  const cached = documents.get(lang);
  if (cached) return cached;
  const { components } = schemaBundle();
  const paths: Json = {};
  for (const [name, method] of allMethods()) {
    const item: Json = {};
    if (method.verbs.includes("GET")) item.get = operationFor(name, method, "GET", lang);
    if (method.verbs.includes("POST")) item.post = operationFor(name, method, "POST", lang);
    paths[`/api/v1/${name}`] = item;
  }
  const usedTags = new Set(allMethods().map(([name]) => OPERATION_TEXTS[name]?.tag ?? "contacts"));
  const document: Json = {
    openapi: "3.1.0",
    info: { title: INFO[lang].title, version: "1", description: INFO[lang].description },
    // The document is served by the platform it describes: its operations are on the same origin.
    servers: [{ url: "/" }],
    security: [{ bearerAuth: [] }, { apiToken: [] }],
    tags: (Object.keys(TAG_TEXTS) as TagName[])
      .filter((tag) => usedTags.has(tag))
      .map((tag) => ({ name: tagName(tag, lang), description: pick(TAG_TEXTS[tag].description, lang) })),
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        bearerAuth: {
          type: "http",
          scheme: "bearer",
          description: lang === "ru" ? "Ключ API из профиля, вкладка «API»" : "The API key from the profile's API tab",
        },
        apiToken: {
          type: "apiKey",
          in: "query",
          name: "api_token",
          description:
            lang === "ru"
              ? "Тот же ключ параметром `api_token` (в строке запроса или в теле POST), когда заголовок задать нельзя; адреса попадают в журналы серверов"
              : "The same key as the parameter `api_token` (in the query string or a POST body) when a header cannot be set; URLs end up in server logs",
        },
      },
      headers: Object.fromEntries(
        Object.entries(HEADERS).map(([name, header]) => [
          name,
          { description: pick(header.description, lang), required: REQUIRED_HEADERS.has(name), schema: header.schema },
        ]),
      ),
      responses: Object.fromEntries(
        Object.entries(GATEWAY_ANSWERS).map(([status, answer]) => [
          status,
          response(pick(STATUS_TEXTS[Number(status)], lang), answer.schema ? { $ref: `${SCHEMA_REF}${idOf(answer.schema)}` } : null, [
            ...EVERY_ANSWER,
            ...(answer.extra ?? []),
          ]),
        ]),
      ),
    },
  };
  documents.set(lang, document);
  return document;
}

const texts = new Map<DocumentLanguage, { text: string; etag: string }>();

/** The document as served: its JSON text and an entity tag of that text, made once per language. */
export function openApiDocumentText(lang: DocumentLanguage = "en"): { text: string; etag: string } {
  let entry = texts.get(lang);
  if (!entry) {
    const text = JSON.stringify(openApiDocument(lang));
    entry = { text, etag: `"${createHash("sha256").update(text).digest("hex").slice(0, 32)}"` };
    texts.set(lang, entry);
  }
  return entry;
}
