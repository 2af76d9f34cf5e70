import "server-only";
import type { Db } from "@/lib/db/client";
import { config } from "@/lib/core/config.mjs";
import { keyHashOf, type Lane } from "./budget";
import { resolveConnection } from "./connection";
import { PlatformApiError, type ConnectionProblem } from "./errors";

export interface WaitNotice {
  reason: "rate_limit" | "reserve";
  seconds: number;
}

/** Milliseconds: to connect, to the first byte of the answer, to its last byte (lib/core/config.mjs has the defaults per lane). */
export interface Timeouts {
  connectMs: number;
  firstByteMs: number;
  answerMs: number;
}

/**
 * Calls that belong together (one page view): once one of them got no answer, the others fail at once instead of
 * each waiting out its own timeout, so a page with several calls in a row answers within one timeout.
 */
export interface CallScope {
  /** The first call of the scope that got no answer (epoch ms), null while all answered. */
  noAnswerSince: number | null;
}

export interface ClientOptions {
  db: Db;
  baseUrl: string;
  apiKey: string;
  lane?: Lane;
  /** Language of the platform's error texts (Accept-Language). */
  lang?: string;
  /** Longest total wait for the budget before giving up with a 429 error; default 65 s interactive, unbounded background. */
  maxWaitMs?: number;
  /** Told whenever the call waits, so that background work can show "paused for 20 s: rate limit". */
  onWait?: (notice: WaitNotice) => void | Promise<void>;
  /** Per-call timeouts; default the lane's (PLATFORM_*_TIMEOUT_MS). */
  timeouts?: Partial<Timeouts>;
  /** Shared by the calls of one page view (lib/dashboard/platform.ts). */
  scope?: CallScope;
  /** Sent as X-Request-Id (the platform echoes and logs it), so an audit entry can be found in the platform's logs. */
  requestId?: string;
}

/**
 * Where and as whom to call the platform. The key lives in a private field: it
 * is sent only as the Authorization header, and the object cannot be passed to
 * the browser by mistake (it serialises to its base URL only).
 */
export class PlatformClient {
  readonly #apiKey: string;
  readonly db: Db;
  readonly baseUrl: string;
  readonly lane: Lane;
  readonly lang: string;
  readonly maxWaitMs: number;
  readonly onWait?: ClientOptions["onWait"];
  readonly timeouts: Timeouts;
  readonly scope?: CallScope;
  readonly keyHash: string;
  readonly requestId?: string;

  constructor(options: ClientOptions) {
    this.#apiKey = options.apiKey;
    this.db = options.db;
    this.baseUrl = options.baseUrl.replace(/\/+$/, "");
    this.lane = options.lane ?? "interactive";
    this.lang = options.lang ?? "en";
    this.maxWaitMs = options.maxWaitMs ?? (this.lane === "interactive" ? 65_000 : Number.POSITIVE_INFINITY);
    this.onWait = options.onWait;
    this.timeouts = { ...config().dashboard.platformTimeouts[this.lane], ...options.timeouts };
    this.scope = options.scope;
    this.keyHash = keyHashOf(options.apiKey);
    this.requestId = options.requestId;
  }

  authorizationHeader(): string {
    return `Bearer ${this.#apiKey}`;
  }

  /** Removes the key from any text that is about to leave this module (error messages). */
  redact(text: string): string {
    return this.#apiKey ? text.split(this.#apiKey).join("[redacted]") : text;
  }

  /** A copy for another lane or language, same connection. */
  with(options: Partial<Omit<ClientOptions, "db" | "baseUrl" | "apiKey">>): PlatformClient {
    return new PlatformClient({
      db: this.db,
      baseUrl: this.baseUrl,
      apiKey: this.#apiKey,
      lane: options.lane ?? this.lane,
      lang: options.lang ?? this.lang,
      maxWaitMs: options.maxWaitMs ?? (options.lane && options.lane !== this.lane ? undefined : this.maxWaitMs),
      onWait: options.onWait ?? this.onWait,
      // Another lane has its own timeouts; the same lane keeps this client's.
      timeouts: { ...(options.lane && options.lane !== this.lane ? {} : this.timeouts), ...options.timeouts },
      scope: options.scope ?? this.scope,
      requestId: options.requestId ?? this.requestId,
    });
  }

  toJSON() {
    return { baseUrl: this.baseUrl, lane: this.lane };
  }

  [Symbol.for("nodejs.util.inspect.custom")]() {
    return `PlatformClient(${this.baseUrl}, ${this.lane})`;
  }
}

const CONNECTION_PROBLEM_TEXT: Record<ConnectionProblem, string> = {
  not_configured: "The platform connection is not configured.",
  undecryptable: "The stored API key cannot be decrypted with this server's encryption key.",
  key_for_other_address: "The stored API key was saved for another platform address.",
};

/** The client for the configured connection (env, Settings, or the embedded platform). */
export async function connectPlatform(db: Db, options: Omit<ClientOptions, "db" | "baseUrl" | "apiKey"> = {}): Promise<PlatformClient> {
  const connection = await resolveConnection(db);
  if ("problem" in connection) {
    throw new PlatformApiError({
      status: 0,
      code: connection.problem,
      message: CONNECTION_PROBLEM_TEXT[connection.problem],
      method: "",
    });
  }
  return new PlatformClient({ db, ...connection, ...options });
}
