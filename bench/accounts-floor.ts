/**
 * The floor of the accounts benchmark: the least an HTTP server can do to answer
 * addFundsToContactAccount / withdrawFundsFromContactAccount on PostgreSQL.
 * node:http + pg, no framework, and the same SQL as the app: the authentication
 * and rate-limit statement of lib/platform/access.ts, then the one movement
 * statement of lib/platform/accounts/ledger.ts (conditional UPDATE + journal
 * INSERT, one transaction). Started by bench/accounts.ts with DATABASE_URL and PORT.
 */
import http from "node:http";
import { createHash } from "node:crypto";
import { Pool } from "pg";
import { PgDialect } from "drizzle-orm/pg-core";
import { movementStatement, type Movement } from "@/lib/platform/accounts/ledger";

const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
const dialect = new PgDialect();

/** Copied verbatim from authenticate() in lib/platform/access.ts (one round trip: key, rate-limit upsert, deprecation). */
const AUTH_SQL = `
      WITH holder AS (
        SELECT id, email, name, plan, blocked FROM platform.key_holders
        WHERE $1::text IS NOT NULL AND api_key_hash = $2::text
      ),
      hit AS (
        INSERT INTO platform.rate_limit_counters (bucket, window_start, hits)
        SELECT 'holder:' || holder.id,
               floor(extract(epoch FROM clock_timestamp()) / $3)::bigint * $4,
               1
        FROM holder WHERE NOT holder.blocked AND holder.plan = 'pro'
        ON CONFLICT (bucket, window_start)
        DO UPDATE SET hits = platform.rate_limit_counters.hits + 1
        RETURNING hits, window_start
      )
      SELECT holder.id, holder.email, holder.name, holder.plan, holder.blocked,
             hit.hits, hit.window_start,
             d.sunset, d.replacement, clock_timestamp() AS now
      FROM (SELECT 1) AS one
      LEFT JOIN holder ON true
      LEFT JOIN hit ON true
      LEFT JOIN platform.deprecations d ON d.method = $5
    `;

const METHODS: Record<string, Movement> = {
  addFundsToContactAccount: "deposit",
  withdrawFundsFromContactAccount: "debit",
};

function send(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  res.end(JSON.stringify(body));
}

const server = http.createServer(async (req, res) => {
  try {
    if (req.url === "/api/health") return send(res, 200, { status: "ok" });
    const method = (req.url ?? "").replace(/^\/api\/v1\//, "").split("?")[0];
    const kind = METHODS[method];
    if (!kind) return send(res, 404, { error: "not found" });
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const params = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    const key = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? "")?.[1] ?? null;
    const hash = key ? createHash("sha256").update(key, "utf8").digest("hex") : null;
    const auth = await pool.query(AUTH_SQL, [hash, hash, 60, 60, method]);
    const holder = auth.rows[0];
    if (holder.id === null) return send(res, 401, { error: "unauthorized" });
    if (!Number.isSafeInteger(params.amount) || params.amount < 1 || typeof params.description !== "string") {
      return send(res, 422, { message: "invalid" });
    }
    const query = dialect.sqlToQuery(
      movementStatement(kind, {
        holderId: Number(holder.id),
        accountId: Number(params.account_id),
        amount: BigInt(params.amount),
        description: params.description,
      }),
    );
    const { rows } = await pool.query(query.sql, query.params as unknown[]);
    const row = rows[0];
    if (row.id === null) return send(res, 422, { message: "refused", code: row.before_blocked ? "account_blocked" : "insufficient_funds" });
    send(res, 200, {
      data: {
        id: Number(row.id),
        currency: row.currency,
        amount: row.amount,
        created_at: row.created_at,
        updated_at: row.updated_at,
        blocked_at: row.blocked_at,
      },
    });
  } catch (error) {
    send(res, 500, { error: String(error) });
  }
});

server.listen(Number(process.env.PORT), "127.0.0.1", () => {
  process.stdout.write("ready\n");
});
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    server.close();
    void pool.end().finally(() => process.exit(0));
  });
}
