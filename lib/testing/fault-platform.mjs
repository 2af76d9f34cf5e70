// A platform that fails on demand, for tests and benches: an HTTP server in front of a real platform (`upstream`)
// that passes requests through ("none") or fails them the ways a platform or its load balancer does:
//
//   hang         accepts the connection and the request, never answers (a stuck platform behind a balancer)
//   reset        resets the connection once the request has arrived
//   502          answers 502 with an HTML page (a gateway without its upstream)
//   503          answers 503 with Retry-After (`retryAfterSeconds`) and a JSON body
//   drip         answers 200 at once, then drips the body one byte every `dripMs`, for a minute
//   lose_answer  passes the request through (the platform does it) and resets the connection instead of answering
//
// A fault may be limited to some methods (`methods`: ["addFundsToContactAccount"]); the others pass through. With
// `then`, the first call it hits turns the platform into that fault for every method (the answer of a top-up lost,
// and the platform gone right after it: `{ fault: "lose_answer", methods: [...], then: "hang" }`).
// Plain JavaScript so that the browser tests' server (e2e/serve.mjs), the benches and vitest share it. Controlled in
// process (`set`) or over HTTP: POST /__fault {"fault":"hang"} (loopback only, a test tool).
import { createServer } from "node:http";

const FAULTS = /** @type {const} */ (["none", "hang", "reset", "502", "503", "drip", "lose_answer"]);

/** @typedef {(typeof FAULTS)[number]} Fault */
/** @typedef {{ retryAfterSeconds?: number, dripMs?: number, methods?: string[], then?: Fault }} FaultOptions `methods`: only calls of these (default all); `then`: the fault after the first call it hits */

/** @param {import("node:http").IncomingMessage} request @returns {Promise<Buffer>} */
async function readBody(request) {
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** Headers a proxy must not pass on (hop by hop), and those node sets itself. */
const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "upgrade", "proxy-connection", "te", "trailer", "host", "content-length"]);

/**
 * @param {{ upstream: string, port?: number, host?: string }} options
 * @returns {Promise<{ baseUrl: string, port: number, fault: () => Fault, set: (fault: Fault, options?: FaultOptions) => void, requests: () => number, close: () => Promise<void> }>}
 */
export async function startFaultPlatform({ upstream, port = 0, host = "127.0.0.1" }) {
  /** @type {Fault} */
  let fault = "none";
  /** @type {FaultOptions} */
  let faultOptions = {};
  let requests = 0;
  /** @type {Set<import("node:net").Socket>} */
  const sockets = new Set();
  /** @type {Set<ReturnType<typeof setInterval>>} */
  const timers = new Set();
  const base = upstream.replace(/\/+$/, "");

  /** @param {Fault} next @param {FaultOptions} [options] */
  const set = (next, options = {}) => {
    if (!FAULTS.includes(next)) throw new Error(`unknown fault ${JSON.stringify(next)}: one of ${FAULTS.join(", ")}`);
    if (options.then !== undefined && !FAULTS.includes(options.then)) throw new Error(`unknown fault ${JSON.stringify(options.then)} after it`);
    fault = next;
    faultOptions = options;
  };

  /** @param {import("node:http").IncomingMessage} request @param {Buffer} body */
  async function forward(request, body) {
    /** @type {Record<string, string>} */
    const headers = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (value === undefined || HOP_BY_HOP.has(name)) continue;
      headers[name] = Array.isArray(value) ? value.join(", ") : value;
    }
    return fetch(`${base}${request.url}`, {
      method: request.method,
      headers,
      body: request.method === "GET" || request.method === "HEAD" ? undefined : body,
      redirect: "manual",
    });
  }

  const server = createServer(async (request, response) => {
    try {
      const body = await readBody(request);
      if (request.url === "/__fault") {
        if (request.method === "POST") {
          const { fault: next, ...options } = JSON.parse(body.toString("utf8") || "{}");
          set(next, options);
        }
        response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ fault, ...faultOptions, requests }));
        return;
      }
      requests += 1;
      const method = decodeURIComponent(new URL(request.url ?? "/", "http://fault.test").pathname.replace(/^\/api\/v1\//, ""));
      const now = faultOptions.methods && !faultOptions.methods.includes(method) ? "none" : fault;
      if (now !== "none" && faultOptions.then !== undefined)
        set(faultOptions.then, { retryAfterSeconds: faultOptions.retryAfterSeconds, dripMs: faultOptions.dripMs });
      if (now === "hang") return; // the socket stays open until the client gives up or the server closes
      if (now === "reset") return request.socket.resetAndDestroy();
      if (now === "502") {
        response.writeHead(502, { "content-type": "text/html" }).end("<html><body><h1>502 Bad Gateway</h1></body></html>");
        return;
      }
      if (now === "503") {
        const seconds = faultOptions.retryAfterSeconds ?? 30;
        response
          .writeHead(503, { "content-type": "application/json", "retry-after": String(seconds) })
          .end(JSON.stringify({ message: "Service unavailable", code: "service_unavailable" }));
        return;
      }
      if (now === "drip") {
        response.writeHead(200, { "content-type": "application/json" });
        const text = " ".repeat(60) + "{}";
        let at = 0;
        const timer = setInterval(() => {
          if (response.destroyed || at >= text.length) {
            clearInterval(timer);
            timers.delete(timer);
            if (!response.destroyed) response.end();
            return;
          }
          response.write(text[at++]);
        }, faultOptions.dripMs ?? 1000);
        timers.add(timer);
        return;
      }
      const answer = await forward(request, body);
      if (now === "lose_answer") {
        await answer.arrayBuffer();
        return request.socket.resetAndDestroy();
      }
      /** @type {Record<string, string>} */
      const headers = {};
      answer.headers.forEach((value, name) => {
        if (!HOP_BY_HOP.has(name) && name !== "content-encoding") headers[name] = value;
      });
      response.writeHead(answer.status, headers).end(Buffer.from(await answer.arrayBuffer()));
    } catch (error) {
      if (!response.headersSent) response.writeHead(599, { "content-type": "text/plain" });
      response.end(`fault platform: ${error instanceof Error ? error.message : String(error)}`);
    }
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(undefined));
  });
  const address = /** @type {import("node:net").AddressInfo} */ (server.address());
  return {
    baseUrl: `http://${host}:${address.port}`,
    port: address.port,
    fault: () => fault,
    set,
    requests: () => requests,
    close: () =>
      new Promise((resolve) => {
        for (const timer of timers) clearInterval(timer);
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
