import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import { contractTally } from "@/lib/testing/contract-tally";
import { handleApiRequest, type DatabaseSource, type GatewayOptions } from "../gateway";
import { openApiDocument } from "../openapi/document";

/**
 * The contract check: an answer of /api/v1 is held against the operation's documented responses in the OpenAPI document.
 * An undocumented status, a header the response does not list (or a required one missing), a body where none is
 * documented, or a field the schema does not have: each is a problem. The test suite runs every answer it receives
 * through it (lib/platform/testing/tenants.ts, lib/api/testing/platform.ts).
 */

/** Headers of HTTP itself, not of the API: never listed in the document. */
const TRANSPORT_HEADERS = new Set(["content-type", "content-length", "connection", "keep-alive", "transfer-encoding"]);

type Json = Record<string, unknown>;

export interface Answer {
  /** The method name of /api/v1/<method>. */
  method: string;
  verb: string;
  status: number;
  headers: Headers;
  /** The body's text, as received. */
  text: string;
}

const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
const validators = new Map<string, ValidateFunction>();

function contractDocument(): Json {
  return openApiDocument("en");
}

function resolve(document: Json, value: unknown): Json {
  let node = value as Json;
  while (node && typeof node.$ref === "string") {
    node = (node.$ref as string)
      .slice(2)
      .split("/")
      .reduce<unknown>((at, key) => (at as Json)?.[key.replace(/~1/g, "/").replace(/~0/g, "~")], document) as Json;
  }
  return node;
}

function validatorFor(key: string, schema: Json, document: Json): ValidateFunction {
  let validate = validators.get(key);
  if (!validate) {
    // The schema's `#/components/...` references resolve against a root that carries the document's components.
    validate = ajv.compile({ ...schema, components: document.components });
    validators.set(key, validate);
  }
  return validate;
}

function headerValue(schema: Json, raw: string): unknown {
  return schema.type === "integer" && /^-?\d+$/.test(raw) ? Number(raw) : raw;
}

/**
 * The problems of one answer (empty when it keeps the contract), or null when the request named no documented operation
 * (an unknown method, a verb the method does not take): there is no contract to hold it to.
 */
export function contractProblems(answer: Answer): string[] | null {
  const document = contractDocument();
  const paths = document.paths as Record<string, Json>;
  const operation = paths[`/api/v1/${answer.method}`]?.[answer.verb.toLowerCase()] as Json | undefined;
  if (!operation) return null;
  const where = `${answer.verb} ${answer.method} → ${answer.status}`;
  const documented = (operation.responses as Json)[String(answer.status)];
  if (!documented) return [`${where}: the status is not documented`];
  const response = resolve(document, documented);
  const problems: string[] = [];

  const declared = new Map<string, Json>();
  for (const [name, header] of Object.entries((response.headers ?? {}) as Json)) declared.set(name.toLowerCase(), resolve(document, header));
  const seen = new Set<string>();
  answer.headers.forEach((value, rawName) => {
    const name = rawName.toLowerCase();
    if (TRANSPORT_HEADERS.has(name)) return;
    seen.add(name);
    const header = declared.get(name);
    if (!header) return void problems.push(`${where}: header ${name} is not documented`);
    const schema = (header.schema ?? {}) as Json;
    const validate = validatorFor(`header ${name}`, schema, document);
    if (!validate(headerValue(schema, value))) problems.push(`${where}: header ${name}: ${ajv.errorsText(validate.errors)} (${value})`);
  });
  for (const [name, header] of declared) if (header.required && !seen.has(name)) problems.push(`${where}: required header ${name} is missing`);

  const content = response.content as Record<string, { schema: Json }> | undefined;
  if (!content) {
    if (answer.text.length > 0) problems.push(`${where}: a body where none is documented`);
  } else {
    const type = answer.headers.get("content-type") ?? "";
    const media = content["application/json"];
    if (!type.startsWith("application/json")) problems.push(`${where}: content-type ${type || "(none)"} is not application/json`);
    let body: unknown;
    try {
      body = JSON.parse(answer.text);
    } catch {
      problems.push(`${where}: the body is not JSON`);
    }
    if (body !== undefined && media) {
      const validate = validatorFor(`${answer.verb} ${answer.method} ${answer.status}`, media.schema, document);
      if (!validate(body)) {
        const errors = (validate.errors ?? [])
          .slice(0, 5)
          .map((error) => `${error.instancePath || "/"} ${error.message}${error.params ? ` ${JSON.stringify(error.params)}` : ""}`);
        problems.push(`${where}: the body breaks the schema: ${errors.join("; ")}`);
      }
    }
  }
  return problems;
}

/**
 * The gateway's answer, held against the contract: what the tests call instead of handleApiRequest. An answer that breaks
 * it throws (the calling test fails) and is kept in the tally (the file fails too, also where a test server swallowed the
 * throw); one that keeps it is counted. The body is read here and handed on unchanged.
 */
export async function checkedApiRequest(source: DatabaseSource, request: Request, method: string, options: GatewayOptions = {}): Promise<Response> {
  const verb = request.method;
  const response = await handleApiRequest(source, request, method, options);
  const body = new Uint8Array(await response.arrayBuffer());
  const problems = contractProblems({ method, verb, status: response.status, headers: response.headers, text: new TextDecoder().decode(body) });
  if (problems && problems.length > 0) {
    contractTally.problems.push(...problems);
    throw new Error(`The answer breaks the API's contract (lib/platform/openapi):\n${problems.join("\n")}`);
  }
  if (problems) contractTally.checked += 1;
  const empty = response.status === 204 || response.status === 302 || body.length === 0;
  return new Response(empty ? null : body, { status: response.status, headers: response.headers });
}
