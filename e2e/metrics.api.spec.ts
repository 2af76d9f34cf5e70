import { test, expect, request as playwrightRequest } from "@playwright/test";
import { apiKey, password, signInOverHttp } from "./helpers";

/**
 * /metrics of the production server (`npm start` with METRICS=1 and METRICS_TOKEN, e2e/serve.mjs): behind its bearer
 * token, in Prometheus' text format, moved by real API calls and sign-ins, with Node's process metrics, and nothing of
 * a person or a key in it.
 */
const TOKEN = process.env.E2E_METRICS_TOKEN!;

/** The value of one sample (`name{labels} value`), 0 when absent. */
function sample(text: string, name: string, labels: string): number {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${name}{${labels}} `));
  return line ? Number(line.slice(line.lastIndexOf(" ") + 1)) : 0;
}

test("the metrics need their token, and move as the server works", async ({ baseURL }) => {
  const http = await playwrightRequest.newContext({ baseURL });
  const scrape = async () => {
    const response = await http.get("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("text/plain; version=0.0.4");
    return response.text();
  };

  const refused = await http.get("/metrics");
  expect(refused.status()).toBe(401);
  expect(await refused.text()).not.toContain("chatbot_");

  const before = await scrape();
  expect(before).toContain("process_cpu_seconds_total");
  expect(before).toContain("nodejs_eventloop_lag_seconds");

  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${apiKey()}`, accept: "application/json" } });
  expect((await api.post("/api/v1/getMe")).status()).toBe(200);
  expect((await api.post("/api/v1/getMe")).status()).toBe(200);
  // An unknown email: counted as a failed sign-in without locking anyone the other tests sign in as.
  await signInOverHttp(await playwrightRequest.newContext({ baseURL }), "nobody-metrics@example.com", password());

  const after = await scrape();
  expect(
    sample(after, "chatbot_api_requests_total", 'method="getMe",status="200"') - sample(before, "chatbot_api_requests_total", 'method="getMe",status="200"'),
  ).toBeGreaterThanOrEqual(2);
  expect(
    sample(after, "chatbot_sign_ins_total", 'outcome="invalid_credentials"') - sample(before, "chatbot_sign_ins_total", 'outcome="invalid_credentials"'),
  ).toBeGreaterThanOrEqual(1);
  // The suite's own sign-ins (auth.setup.ts) went through this server.
  expect(sample(after, "chatbot_sign_ins_total", 'outcome="success"')).toBeGreaterThanOrEqual(1);
  expect(after).toMatch(/^chatbot_export_rows\{state="pending"\} \d+$/m);
  expect(after).toMatch(/^chatbot_adjustment_batch_rows\{state="done"\} \d+$/m);
  expect(after).toMatch(/^chatbot_dashboard_platform_breakers\{state="closed"\} \d+$/m);
  // No person, key or secret in any of it.
  expect(after).not.toContain("@example.com");
  expect(after).not.toContain(apiKey());
  expect(after).not.toContain(password());
  expect(after).not.toContain(TOKEN);
});
