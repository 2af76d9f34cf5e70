import { describe, expect, test, vi } from "vitest";
import { createConfig, lintFromString } from "@redocly/openapi-core";
import { allMethods } from "../registry";
import { openApiDocument } from "./document";
import { contractProblems } from "../testing/contract-check";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a JSON document read key by key

const documentOf = (lang: "en" | "ru") => openApiDocument(lang) as Json;
const operation = (method: string, verb: "get" | "post") => documentOf("en").paths[`/api/v1/${method}`]?.[verb] as Json | undefined;
const bodySchema = (method: string) => operation(method, "post")!.requestBody.content["application/json"].schema as Json;

describe.each(["en", "ru"] as const)("the OpenAPI document (%s)", (lang) => {
  test("lints clean with Redocly's recommended rules: 0 errors", async () => {
    const config = await createConfig({ extends: ["recommended"] });
    const problems = await lintFromString({ source: JSON.stringify(documentOf(lang)), absoluteRef: `openapi.${lang}.json`, config });
    const errors = problems.filter((problem) => problem.severity === "error").map((problem) => `${problem.ruleId}: ${problem.message}`);
    expect(errors).toEqual([]);
  });

  test("has every method of the registry with exactly its verbs, each operation id once", () => {
    const document = documentOf(lang);
    const ids: string[] = [];
    for (const [name, method] of allMethods()) {
      const item = document.paths[`/api/v1/${name}`];
      expect(Object.keys(item).sort(), name).toEqual(method.verbs.map((verb) => verb.toLowerCase()).sort());
      for (const verb of Object.keys(item)) ids.push(item[verb].operationId);
    }
    expect(Object.keys(document.paths)).toHaveLength(allMethods().length);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

test("the Russian document speaks Russian where the English one speaks English", () => {
  const en = documentOf("en").paths["/api/v1/withdrawFundsFromContactAccount"].post;
  const ru = documentOf("ru").paths["/api/v1/withdrawFundsFromContactAccount"].post;
  expect(en.summary).toMatch(/[A-Za-z]/);
  expect(ru.summary).toMatch(/[А-Яа-яЁё]/);
  expect(ru.requestBody.content["application/json"].schema.properties.amount.description).toMatch(/[А-Яа-яЁё]/);
  expect(documentOf("ru").info.title).not.toBe(documentOf("en").info.title);
});

test("extensions are marked: the methods of ours and the parameters of ours on spec methods", () => {
  for (const [name, method] of allMethods()) {
    for (const verb of method.verbs)
      expect(Boolean(operation(name, verb.toLowerCase() as "get" | "post")!["x-extension"]), name).toBe(Boolean(method.extension));
  }
  expect(operation("getContact", "get")!["x-extension"]).toBe(true);
  expect(operation("getContacts", "get")!["x-extension"]).toBeUndefined();
  const parameters = Object.fromEntries((operation("getContacts", "get")!.parameters as Json[]).map((parameter) => [parameter.name, parameter]));
  expect(parameters.search["x-extension"]).toBe(true);
  expect(parameters.sort["x-extension"]).toBe(true);
  expect(parameters.contact_ids["x-extension"]).toBe(true);
  expect(parameters.bot_id["x-extension"]).toBeUndefined();
});

test("the spec's limits table is in the schemas as constraints", () => {
  const getContacts = Object.fromEntries((operation("getContacts", "get")!.parameters as Json[]).map((parameter) => [parameter.name, parameter.schema]));
  expect(getContacts.count).toMatchObject({ type: "integer", minimum: 1, maximum: 500 });
  expect(getContacts.limit).toMatchObject({ type: "integer", minimum: 1, maximum: 1000 });
  expect(getContacts.offset).toMatchObject({ type: "integer", minimum: 0 });
  for (const method of ["addFundsToContactAccount", "withdrawFundsFromContactAccount"]) {
    const schema = bodySchema(method);
    expect(schema.properties.amount).toMatchObject({ type: "integer", minimum: 1, maximum: 100_000_000_000_000 });
    expect(schema.properties.description).toMatchObject({ type: "string", maxLength: 255 });
    expect(schema.required.sort()).toEqual(["account_id", "amount", "description"]);
  }
  const list = bodySchema("createListSchema");
  expect(list.properties.fields).toMatchObject({ type: "array", minItems: 1, maxItems: 30 });
  expect(list.properties.name).toMatchObject({ maxLength: 255 });
  expect(list.properties.fields.items.properties.slug).toMatchObject({ maxLength: 255, pattern: "^[A-Za-z0-9_-]+$" });
  expect(list.properties.fields.items.properties.type.enum).toHaveLength(10);
  const contact = bodySchema("createOrUpdateContact");
  expect(contact.properties.tags).toMatchObject({ maxItems: 100, items: { maxLength: 255 } });
  expect(contact.properties.phone.pattern).toBe("^\\+\\d{8,15}$");
  for (const key of ["telegram_username", "max_username", "viber_id", "address"]) expect(contact.properties[key].maxLength, key).toBe(255);
  expect(contact.required.sort()).toEqual(["bot_id", "messenger", "name"]);
});

test("every operation documents the gateway's statuses and headers, and both ways to send the key", () => {
  const document = documentOf("en");
  for (const item of Object.values(document.paths) as Json[]) {
    for (const op of Object.values(item) as Json[]) {
      for (const status of ["302", "400", "401", "402", "403", "410", "413", "422", "429", "500", "503"])
        expect(op.responses[status], `${op.operationId} ${status}`).toBeDefined();
      expect(
        Object.keys(op.responses).some((status) => /^20[014]$/.test(status)),
        op.operationId,
      ).toBe(true);
    }
  }
  expect(document.components.responses["429"].headers).toHaveProperty("Retry-After");
  expect(document.components.responses["429"].headers).toHaveProperty("X-RateLimit-Remaining");
  expect(document.components.responses["410"].headers).toHaveProperty("Sunset");
  expect(document.components.headers["Deprecation"].schema.enum).toEqual(["true"]);
  expect(document.components.securitySchemes).toMatchObject({ bearerAuth: { type: "http", scheme: "bearer" }, apiToken: { in: "query", name: "api_token" } });
  expect(operation("deleteContactAccount", "post")!.responses["204"].content).toBeUndefined();
  expect(operation("createOrUpdateContact", "post")!.responses).toHaveProperty("201");
});

describe("the contract check", () => {
  const headers = (extra: Record<string, string> = {}) => new Headers({ "content-type": "application/json", "x-request-id": "r-1", ...extra });
  const account = {
    id: 7,
    currency: "USD",
    amount: 150,
    amount_note: "1.50 USD",
    created_at: "2026-01-05T10:00:00+00:00",
    updated_at: "2026-01-05T10:00:00+00:00",
    blocked_at: null,
  };
  const answer = (status: number, body: unknown, extra?: Record<string, string>) => ({
    method: "addFundsToContactAccount",
    verb: "POST",
    status,
    headers: headers(extra),
    text: body === undefined ? "" : JSON.stringify(body),
  });

  test("passes an answer that keeps the contract", () => {
    expect(contractProblems(answer(200, { data: account }, { "x-ratelimit-limit": "120", "x-ratelimit-remaining": "3" }))).toEqual([]);
  });

  test("finds a field the schema does not have, a missing field and a wrong type", () => {
    expect(contractProblems(answer(200, { data: { ...account, secret: 1 } }))!.join()).toMatch(/must NOT have additional properties.*secret/);
    const { amount_note: _note, ...withoutNote } = account;
    expect(contractProblems(answer(200, { data: withoutNote }))!.join()).toMatch(/amount_note/);
    expect(contractProblems(answer(200, { data: { ...account, amount: "150" } }))!.join()).toMatch(/amount.*integer/);
  });

  test("finds an undocumented status, an undocumented header and a missing required one", () => {
    expect(contractProblems(answer(418, { error: "teapot" }))).toEqual(["POST addFundsToContactAccount → 418: the status is not documented"]);
    expect(contractProblems(answer(200, { data: account }, { "x-powered-by": "php" }))!.join()).toMatch(/header x-powered-by is not documented/);
    const bare = { ...answer(200, { data: account }), headers: new Headers({ "content-type": "application/json" }) };
    expect(contractProblems(bare)!.join()).toMatch(/required header x-request-id is missing/);
    expect(contractProblems(answer(429, { message: "Too Many Attempts." }, { "retry-after": "soon" }))!.join()).toMatch(/retry-after/);
  });

  test("finds a body where none is documented, and a 422 with an unknown code", () => {
    expect(contractProblems({ ...answer(204, { ok: true }), method: "deleteContactAccount" })!.join()).toMatch(/a body where none is documented/);
    expect(contractProblems(answer(422, { message: "x", code: "nope", errors: { amount: ["x"] } }))!.join()).toMatch(/code/);
  });

  test("has nothing to say about a request outside every operation (an unknown method, a verb the method does not take)", () => {
    expect(contractProblems({ ...answer(404, { error: "x" }), method: "noSuchMethod" })).toBeNull();
    expect(contractProblems({ ...answer(405, { message: "x", error: "x" }), verb: "GET" })).toBeNull();
  });
});

test("two copies of the contract in one process (a server holds one per bundle) do not clash over its ids", async () => {
  vi.resetModules();
  const first = await import("./document");
  // Another bundle loads its own copy later: zod's global registry now names that copy's schemas.
  vi.resetModules();
  await import("@/lib/contract/responses");
  const document = first.openApiDocument("ru") as Json;
  expect(Object.keys(document.paths)).toHaveLength(allMethods().length);
  expect(document.components.schemas.Contact.properties.id).toEqual({ type: "integer" });
});
