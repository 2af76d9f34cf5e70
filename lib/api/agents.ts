import "server-only";
import { Agent } from "undici";

/**
 * The HTTP agents of platform calls (undici), one per pair of connect and first-byte timeouts, so that connections
 * are kept alive and reused between calls of a lane. undici's `connect.timeout` ends a connection attempt, its
 * `headersTimeout` a wait for the answer's head (the first byte), its `bodyTimeout` a pause inside the body; the
 * whole answer's time is bounded by the caller's signal (lib/api/transport.ts).
 */
const AGENTS = Symbol.for("chatbot-platform.platform-agents");
type Agents = Map<string, Agent>;
const agents = (): Agents => ((globalThis as Record<symbol, unknown>)[AGENTS] ??= new Map()) as Agents;

export function agentFor(connectMs: number, firstByteMs: number): Agent {
  const key = `${connectMs}/${firstByteMs}`;
  let agent = agents().get(key);
  if (!agent) {
    agent = new Agent({ connect: { timeout: connectMs }, headersTimeout: firstByteMs, bodyTimeout: firstByteMs, keepAliveTimeout: 4_000 });
    agents().set(key, agent);
  }
  return agent;
}
