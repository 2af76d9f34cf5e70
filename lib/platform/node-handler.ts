import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Db } from "@/lib/db/client";
import { HSTS, securityHeaders } from "@/lib/core/http/security-headers";
import { log } from "@/lib/core/log.mjs";
import { handleApiRequest, type GatewayOptions } from "./gateway";
import { responseBytes } from "./json";
import { maxBodyBytes } from "./request-params";
import { config } from "@/lib/core/config.mjs";

/**
 * The platform API on plain node:http, for the production server
 * (scripts/start.mjs): `/api/v1/<method>` is answered here, by the same gateway
 * as the Next route app/api/v1/[method]/route.ts, without the framework's
 * per-request work (routing, web streams, tracing), which costs several times
 * what the API itself does. Everything else (pages, other routes, OPTIONS,
 * trailing slashes, nested paths) is left to Next.
 */

const API_PATH = /^\/api\/v1\/([^/?#]+)(?:\?|$)/;
const VERBS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]);

/** The API method named by a request this handler answers, or null when Next should answer it. */
export function apiMethodOf(verb: string | undefined, url: string | undefined): string | null {
  if (!verb || !url || !VERBS.has(verb)) return null;
  const match = API_PATH.exec(url);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null; // a malformed escape: Next answers it (400)
  }
}

export interface NodeApiHandlerOptions extends GatewayOptions {
  getDb: () => Promise<Db>;
  /** Production headers (a Content-Security-Policy without 'unsafe-eval'); default NODE_ENV === "production". */
  production?: boolean;
}

export type NodeApiHandler = (request: IncomingMessage, response: ServerResponse) => boolean;

/** Returns a handler that answers API requests (true) or declines the rest (false) for Next. */
export function createNodeApiHandler(options: NodeApiHandlerOptions): NodeApiHandler {
  const security = securityHeaders(options.production ?? config().production);
  return (req, res) => {
    const methodName = apiMethodOf(req.method, req.url);
    if (methodName === null) return false;
    void answer(req, res, methodName).catch((error: unknown) => {
      // A client that went away mid-request: nobody to answer, nothing went wrong here.
      if (res.destroyed || !res.socket || res.socket.destroyed) return;
      // Only a failure outside the gateway (which answers its own errors) gets here.
      const requestId = randomUUID();
      log.error("unhandled error in the API server", { request_id: requestId, error });
      if (res.headersSent) {
        res.destroy();
        return;
      }
      writeHead(res, req, 500, { "content-type": "application/json; charset=utf-8", "x-request-id": requestId });
      res.end(JSON.stringify({ error: "Server error.", request_id: requestId }));
    });
    return true;
  };

  function writeHead(res: ServerResponse, req: IncomingMessage, status: number, headers: Record<string, string>): void {
    res.statusCode = status;
    for (const { key, value } of security) res.setHeader(key, value);
    if (String(req.headers["x-forwarded-proto"] ?? "").includes("https")) res.setHeader(HSTS.key, HSTS.value);
    for (const [key, value] of Object.entries(headers)) res.setHeader(key, value);
  }

  async function answer(req: IncomingMessage, res: ServerResponse, methodName: string): Promise<void> {
    const { body, complete } = await readBody(req);
    const request = new Request(requestUrl(req), {
      method: req.method,
      headers: requestHeaders(req),
      body: body && req.method !== "GET" && req.method !== "HEAD" ? bytesOf(body) : undefined,
    });
    const response = await handleApiRequest(options.getDb, request, methodName, options);
    const headers: Record<string, string> = {};
    response.headers.forEach((value, key) => {
      headers[key] = value;
    });
    const payload = response.body ? await responseBytes(response) : null;
    if (payload) headers["content-length"] = String(payload.byteLength);
    // A body left unread (too large) must not be taken for the next request on this connection.
    if (!complete) headers["connection"] = "close";
    writeHead(res, req, response.status, headers);
    res.end(req.method === "HEAD" ? undefined : (payload ?? undefined));
  }
}

/**
 * The body, up to one byte more than the cap: the gateway then answers 413 with
 * its own message. A body declared too large is not read at all.
 */
async function readBody(req: IncomingMessage): Promise<{ body: Buffer | null; complete: boolean }> {
  if (Number(req.headers["content-length"] ?? 0) > maxBodyBytes()) return { body: null, complete: false };
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    const room = maxBodyBytes() + 1 - size;
    chunks.push(buffer.byteLength > room ? buffer.subarray(0, room) : buffer);
    size += Math.min(buffer.byteLength, room);
    if (size > maxBodyBytes()) {
      req.pause();
      return { body: Buffer.concat(chunks), complete: false };
    }
  }
  return { body: size === 0 ? null : chunks.length === 1 ? chunks[0] : Buffer.concat(chunks), complete: true };
}

/** As Laravel's url()->current(): the scheme a proxy reports (X-Forwarded-Proto), the Host header, the path. */
function requestUrl(req: IncomingMessage): string {
  const scheme = String(req.headers["x-forwarded-proto"] ?? "").includes("https") ? "https" : "http";
  const host = req.headers.host || `${req.socket.localAddress ?? "localhost"}:${req.socket.localPort ?? 80}`;
  const url = `${scheme}://${host}${req.url}`;
  // A Host header that is no host at all cannot make a URL: the server's own address stands in.
  return URL.canParse(url) ? url : `${scheme}://localhost${req.url}`;
}

/** A view of a Buffer's bytes that fetch accepts as a body (no copy). */
function bytesOf(buffer: Buffer): Uint8Array<ArrayBuffer> {
  return new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.byteLength);
}

function requestHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) headers.append(raw[i], raw[i + 1]);
  return headers;
}

/**
 * The platform API alone on a free loopback port, on the production handler: for a script that drives the platform
 * over HTTP as a bot would (the demo's history, the bulk-adjustment benchmark). Anything but /api/v1/<method> is 404.
 */
export async function serveApiOnLoopback(db: Db, options: GatewayOptions = {}): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  const handle = createNodeApiHandler({ ...options, getDb: async () => db });
  const server = createServer((req, res) => {
    if (handle(req, res)) return;
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
