// The log: every line the server writes for its operator goes through here (lib/core/log.test.ts finds JSON lines
// written by hand anywhere else). One JSON object per line, always the same fields first:
//
//   {"time":"2026-11-29T14:02:00.000Z","level":"info","msg":"request","request_id":"…", …fields}
//
// info and warn go to stdout, error to stderr. What may never reach a log is masked here, in one place: the value of a
// field whose name says it is a secret (password, token, secret, authorization, cookie, api key, …) becomes
// "[redacted]", and in the whole line a one-time link's token, a bearer credential and the password in a URL are
// replaced. An error (the field `error`, or an Error in any field) is described by errorText: the values bound to a
// failed query never reach the log.
//
// Plain JavaScript (ES module) so that scripts/start.mjs, which runs under plain node, writes the same lines as the
// app; TypeScript reads the types from the JSDoc (tsconfig allowJs).
/** @typedef {"info" | "warn" | "error"} LogLevel */
/** @typedef {Record<string, unknown>} LogFields */

/**
 * Field names whose values are secrets, matched on the name in lower case without `_` or `-` (`api_key`, `apiKey` and
 * `X-Api-Key` alike). A name that only mentions a key (`key_holder_id`, `keyLast4`) is not one.
 */
const SECRET_FIELD = /password|passwd|passphrase|secret|token|authorization|cookie|apikey|privatekey|credential|recoverycode|^key$|^pass$/;

/**
 * A one-time link's token is a password for as long as the link works: whatever a line holds (a path, a URL, an
 * error's message), the part after /welcome/ is replaced.
 */
const LINK_TOKEN = /(\/welcome\/)[^/?#\s"'\\]+/g;
/** A credential in text: `Bearer <value>` (an Authorization header quoted in an error) and `scheme://user:<password>@`. */
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi;
const URL_PASSWORD = /(\b[a-z][a-z0-9+.-]*:\/\/[^\s:/?#@"'\\]+:)[^\s/?#@"'\\]+@/gi;

/** @param {string} name */
const isSecretField = (name) => SECRET_FIELD.test(name.toLowerCase().replace(/[-_]/g, ""));

/**
 * An error's text for a log line or a command's message: `Name: message`. A failed query (drizzle's DrizzleQueryError:
 * "Failed query: <sql>\nparams: <values>", the driver's error as its cause) is described by that cause alone: the values
 * bound to a query (password and recovery-code hashes, tokens) never reach a log. Every caught error that is logged
 * goes through here (lib/error-logs.test.ts).
 * @param {unknown} error
 * @returns {string}
 */
export function errorText(error) {
  if (!(error instanceof Error)) return typeof error === "string" ? error : `non-error thrown: ${typeof error}`;
  if ("query" in error && "params" in error) {
    const cause = error.cause;
    return cause instanceof Error ? `${cause.name}: ${cause.message}` : `${error.name}: failed query`;
  }
  return `${error.name}: ${error.message}`;
}

/**
 * An error as log fields: its text (errorText), the driver's code (of the error or its cause: a SQLSTATE, an errno
 * name) and the stack's frames (never its first line, which repeats the message).
 * @param {unknown} error
 * @returns {{ error: string, code?: string, stack?: string }}
 */
function describeError(error) {
  if (!(error instanceof Error)) return { error: errorText(error) };
  const cause = error.cause;
  /** @param {unknown} value */
  const codeOf = (value) => (value instanceof Error && "code" in value && typeof value.code === "string" ? value.code : undefined);
  const code = codeOf(cause) ?? codeOf(error);
  const stack = error.stack
    ?.split("\n")
    .filter((line) => line.trimStart().startsWith("at "))
    .join("\n");
  return { error: errorText(error), ...(code ? { code } : {}), ...(stack ? { stack } : {}) };
}

/**
 * For JSON.stringify, at every depth: secrets redacted, an Error described by its text, a bigint as its digits.
 * @param {string} name
 * @param {unknown} value
 */
function logValue(name, value) {
  if (name !== "" && value != null && isSecretField(name)) return "[redacted]";
  if (value instanceof Error) return errorText(value);
  if (typeof value === "bigint") return value.toString();
  return value;
}

/** @param {string} text */
const maskText = (text) => text.replace(LINK_TOKEN, "$1[token]").replace(BEARER, "$1 [redacted]").replace(URL_PASSWORD, "$1[redacted]@");

/**
 * The line, without its newline: time, level and msg first (a field cannot replace them), then the fields, then the
 * error's description (its code and stack only where the caller gave no field of that name).
 * @param {LogLevel} level
 * @param {string} msg
 * @param {LogFields} fields
 * @returns {string}
 */
function lineOf(level, msg, fields) {
  /** @type {LogFields} */
  const entry = { time: new Date().toISOString(), level, msg };
  for (const [name, value] of Object.entries(fields)) if (name !== "error" && !(name in entry)) entry[name] = value;
  if ("error" in fields) {
    for (const [name, value] of Object.entries(describeError(fields.error))) if (name === "error" || !(name in entry)) entry[name] = value;
  }
  let line;
  try {
    line = JSON.stringify(entry, logValue);
  } catch (failure) {
    // A field that cannot be written (a cycle): the line still says what happened.
    line = JSON.stringify({ time: entry.time, level, msg, log_fields_unwritable: errorText(failure) });
  }
  return maskText(line);
}

/**
 * @param {LogLevel} level
 * @param {string} msg
 * @param {LogFields} [fields]
 */
function write(level, msg, fields = {}) {
  // The stream is looked up for every line (a test may replace its write).
  (level === "error" ? process.stderr : process.stdout).write(`${lineOf(level, msg, fields)}\n`);
}

/** The server's log: `log.info("listening", { url })`, `log.error("export failed", { error, job_id })`. */
export const log = {
  /** Something an operator may want to know happened (stdout). @param {string} msg @param {LogFields} [fields] */
  info: (msg, fields) => write("info", msg, fields),
  /** Something went wrong and was handled, or will hurt later (stdout). @param {string} msg @param {LogFields} [fields] */
  warn: (msg, fields) => write("warn", msg, fields),
  /** A failure (stderr); pass the caught error as `error`. @param {string} msg @param {LogFields} [fields] */
  error: (msg, fields) => write("error", msg, fields),
};
