// @ts-check
// How many credential sign-ins a second `npm start` lets through to Next (scripts/start.mjs asks before Next sees one).
//
// Why: Node takes one new connection from the listening socket per turn of its event loop, and a turn lasts as long as
// the work that is ready in it. A sign-in that reaches Next costs the event loop several milliseconds (routing,
// next-auth, the throttle's statements, the user lookup) besides its password check, which runs on other threads. While
// checks were slow (bcrypt), the password gate (lib/auth/password.ts) stayed full and the door refused the excess for
// almost nothing; argon2id's checks take tens of ms, so the gate empties as fast as sign-ins reach it, every sign-in of
// a flood goes through Next, each turn of the loop costs about one sign-in, and a request on a new connection waits in
// the accept queue behind the whole flood. Past this rate a sign-in is answered "busy" (429, Retry-After) at the door,
// as when the gate is full: the turns stay short and the queue drains at once. (On PostgreSQL the throttle's statements
// wait off the event loop, sign-ins overlap, and the gate fills as it did with bcrypt; the embedded engine runs them on
// the loop, so each sign-in there is over before the next is taken and the gate stays empty.)
import { counter } from "../core/metrics.mjs";
import { processBridge } from "../core/process-bridge.mjs";

/**
 * Sign-in attempts by outcome (success, invalid_credentials, two_factor_required, two_factor_failed, throttled, busy):
 * counts only, never an email or an address. Counted by lib/auth/sign-in.ts, and here for the ones refused at the door.
 */
export const signInOutcomes = counter("chatbot_sign_ins_total", "Password sign-in attempts, by outcome.", ["outcome"]);

const CREDENTIALS_CALLBACK = "/api/auth/callback/credentials";

/**
 * Whether a request is a credentials sign-in as Next would route it, from the raw request target Node hands over: the
 * origin form (`/api/...`) or the absolute form (`http://host/api/...`, which a client may send to any server), dot
 * segments resolved, repeated slashes taken as one, each segment percent-decoded (`/api/auth/callback/%63redentials`
 * reaches the same route), a trailing slash and the letters' case ignored. Looser than Next where in doubt: a target
 * that cannot be decoded counts, since counting a request that Next then refuses costs nothing.
 * @param {string | undefined} method
 * @param {string | undefined} target
 */
export function isCredentialsSignIn(method, target) {
  if (method !== "POST" || !target) return false;
  let pathname;
  try {
    // An origin-form target is appended to a base, never resolved against it: `//api/...` is a path, not a host.
    pathname = (target.startsWith("/") ? new URL(`http://localhost${target}`) : new URL(target)).pathname;
  } catch {
    return true;
  }
  const segments = [];
  for (const segment of pathname.split("/")) {
    if (segment === "") continue;
    try {
      segments.push(decodeURIComponent(segment));
    } catch {
      return true;
    }
  }
  return `/${segments.join("/")}`.toLowerCase() === CREDENTIALS_CALLBACK;
}

/** Sign-ins let through a second, on average (bcrypt's checks let about as many through the gate). */
export const SIGN_INS_ADMITTED_PER_SECOND = 10;
/** Sign-ins let through at once after a quiet while (a second's worth). */
export const SIGN_INS_ADMITTED_AT_ONCE = 10;

/** A token bucket: `burst` tokens, refilled at `perSecond` a second; each sign-in let through takes one. */
export class SignInAdmission {
  /** @type {number} */ #tokens;
  /** @type {number} */ #at;
  /** @type {() => number} */ #now;

  /**
   * @param {number} perSecond
   * @param {number} burst
   * @param {() => number} [now] a clock in milliseconds (performance.now by default)
   */
  constructor(perSecond, burst, now = () => performance.now()) {
    if (!(perSecond > 0) || !Number.isInteger(burst) || burst < 1) {
      throw new RangeError(`SignInAdmission: perSecond must be above 0 and burst a whole number above 0, not ${perSecond} and ${burst}`);
    }
    this.perSecond = perSecond;
    this.burst = burst;
    this.#now = now;
    this.#tokens = burst;
    this.#at = now();
  }

  /** True: one more sign-in may go through now (it takes a token). False: answer it "busy" (nothing taken). */
  tryAdmit() {
    const now = this.#now();
    this.#tokens = Math.min(this.burst, this.#tokens + (Math.max(0, now - this.#at) / 1000) * this.perSecond);
    this.#at = now;
    if (this.#tokens < 1) return false;
    this.#tokens -= 1;
    return true;
  }
}

/**
 * The instance's one admission (kept in the process bridge, as the password gate).
 * @returns {SignInAdmission}
 */
export function signInAdmission() {
  return (processBridge().signInAdmission ??= new SignInAdmission(SIGN_INS_ADMITTED_PER_SECOND, SIGN_INS_ADMITTED_AT_ONCE));
}
