import "server-only";
import { config } from "@/lib/core/config.mjs";
import { log } from "@/lib/core/log.mjs";
import type { PlatformStatus } from "./budget-view";

/**
 * A circuit breaker per platform (base URL and key), in this process.
 *
 * - **closed**: calls go. A call that gets no answer (connect or answer timeout, refused or reset connection) or a
 *   502, 503 or 504 counts as a failure; any other answer (a 4xx, a 429, a 500 of one method) proves the platform
 *   answers and resets the count.
 * - **open**: after `failures` failures in a row, or sooner, after `timeouts` of them ran out of time. A failure that
 *   comes at once (a refused connection, a 503) costs nobody much, so a few in a row are needed; a timeout has already
 *   cost a person the whole timeout, and the next page would wait as long again (Envoy counts these apart too: gateway
 *   failures and local-origin failures). For `coolDownMs` no call goes: interactive calls fail at once with
 *   `platform_unavailable`, background work pauses (lib/core/jobs/worker.ts).
 * - **half-open**: after the cool-down the next call is the probe, alone: its success closes the breaker, its failure
 *   opens it for another cool-down. Other calls meanwhile are refused as while open.
 *
 * One line is logged when it opens and one when it closes. Each instance of the dashboard keeps its own breakers: an
 * instance that has not met the outage yet spends at most `failures` calls (each within its timeout) to learn of it,
 * which costs less than a shared state would cost every call (README, "When the platform does not answer").
 */
export type BreakerState = "closed" | "open" | "half_open";

export interface BreakerSettings {
  /** Failures in a row that open it. */
  failures: number;
  /** Timeouts within those failures that open it sooner. */
  timeouts: number;
  coolDownMs: number;
}

/** What /api/ready and the dashboard's banner show. Times are ISO strings (null: not yet). */
export interface BreakerView {
  baseUrl: string;
  state: BreakerState;
  consecutiveFailures: number;
  /** The first failure of the current run of failures: since when the platform has not answered. */
  failingSince: string | null;
  /** When the next probe may go (open), else null. */
  probeAt: string | null;
  /** The last call the platform answered. */
  lastAnsweredAt: string | null;
  /** What the last failure was: timeout, network_error, server_error. */
  lastFailure: string | null;
}

export type Admission = { admitted: true; probe: boolean } | { admitted: false; retryInMs: number };

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export class CircuitBreaker {
  #open = false;
  #failures = 0;
  #timeouts = 0;
  #failingSince: number | null = null;
  #probeAt = 0;
  #probing = false;
  #lastAnsweredAt: number | null = null;
  #lastFailure: string | null = null;

  constructor(
    readonly baseUrl: string,
    readonly settings: BreakerSettings,
    private readonly now: () => number = Date.now,
  ) {}

  get state(): BreakerState {
    if (!this.#open) return "closed";
    return this.#probing || this.now() >= this.#probeAt ? "half_open" : "open";
  }

  /** While open (its cool-down, or a probe on its way): how long until a call may be let through; null when one may. */
  refusal(): number | null {
    if (!this.#open) return null;
    const now = this.now();
    if (now < this.#probeAt) return this.#probeAt - now;
    return this.#probing ? 250 : null;
  }

  /** Whether a call may go now; the one call let through after the cool-down is the probe. */
  admit(): Admission {
    if (!this.#open) return { admitted: true, probe: false };
    const now = this.now();
    if (now < this.#probeAt) return { admitted: false, retryInMs: this.#probeAt - now };
    // Another call is the probe: wait for its answer (it ends within its timeout).
    if (this.#probing) return { admitted: false, retryInMs: 250 };
    this.#probing = true;
    return { admitted: true, probe: true };
  }

  /** The platform answered. */
  succeeded(probe: boolean): void {
    const wasOpen = this.#open;
    this.#open = false;
    this.#failures = 0;
    this.#timeouts = 0;
    this.#failingSince = null;
    this.#lastAnsweredAt = this.now();
    if (probe) this.#probing = false;
    if (wasOpen) log.info("platform breaker closed", { base_url: this.baseUrl });
  }

  /** The platform did not answer (or answered 502/503/504). */
  failed(probe: boolean, code: string): void {
    const now = this.now();
    this.#failures += 1;
    if (code === "timeout") this.#timeouts += 1;
    this.#failingSince ??= now;
    this.#lastFailure = code;
    if (probe) {
      this.#probing = false;
      this.#probeAt = now + this.settings.coolDownMs;
      return;
    }
    if (!this.#open && (this.#failures >= this.settings.failures || this.#timeouts >= this.settings.timeouts)) {
      this.#open = true;
      this.#probeAt = now + this.settings.coolDownMs;
      log.warn("platform breaker opened", {
        base_url: this.baseUrl,
        failures: this.#failures,
        last_failure: code,
        failing_since: iso(this.#failingSince),
        cool_down_ms: this.settings.coolDownMs,
      });
    }
  }

  view(): BreakerView {
    const state = this.state;
    return {
      baseUrl: this.baseUrl,
      state,
      consecutiveFailures: this.#failures,
      failingSince: iso(this.#failingSince),
      probeAt: state === "open" ? iso(this.#probeAt) : null,
      lastAnsweredAt: iso(this.#lastAnsweredAt),
      lastFailure: this.#lastFailure,
    };
  }
}

/**
 * The process's breakers by base URL and key hash. On globalThis: Next may load this module more than once in one
 * process (route handlers, server components, actions), and they must share one breaker per platform.
 */
const REGISTRY = Symbol.for("chatbot-platform.platform-breakers");
type Registry = Map<string, CircuitBreaker>;
const registry = (): Registry => ((globalThis as Record<symbol, unknown>)[REGISTRY] ??= new Map()) as Registry;

export function breakerFor(baseUrl: string, keyHash: string, settings: BreakerSettings = config().dashboard.platformBreaker): CircuitBreaker {
  const key = `${baseUrl} ${keyHash}`;
  let breaker = registry().get(key);
  if (!breaker) {
    breaker = new CircuitBreaker(baseUrl, settings);
    registry().set(key, breaker);
  }
  return breaker;
}

/** Every platform this process has called, for /api/ready (no key, no hash: the base URL names it). */
export function breakerViews(): BreakerView[] {
  return [...registry().values()].map((breaker) => breaker.view());
}

/** The breaker's verdict on an outcome: whether it proves the platform answers. */
export function countsAsFailure(status: number): boolean {
  return status === 0 || status === 502 || status === 503 || status === 504;
}

/** What the dashboard's pages are told (GET /api/dashboard/budget). */
export function platformStatusOf(view: BreakerView): PlatformStatus {
  return {
    answering: view.consecutiveFailures === 0,
    state: view.state,
    since: view.failingSince,
    lastAnsweredAt: view.lastAnsweredAt,
    nextTryAt: view.probeAt,
  };
}
