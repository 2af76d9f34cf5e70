import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Db } from "@/lib/db/client";
import type { GatewayOptions } from "../gateway";
import { checkedApiRequest } from "./contract-check";
import { applyFixtures } from "../operator/fixtures";
import { seedTenant, uniqueId, type Tenant } from "./tenants";

/** Test data of the account methods: a tenant's contact and its accounts, with unique ids. */
export interface ContactOptions {
  botId?: number;
  preview?: boolean;
  deleted?: boolean;
}

export async function seedContact(db: Db, tenant: Tenant, options: ContactOptions = {}): Promise<number> {
  const id = uniqueId();
  await applyFixtures(db, {
    contacts: [
      {
        id,
        bot_id: options.botId ?? tenant.botId,
        messenger: "telegram",
        name: `Contact ${id}`,
        telegram_id: String(id),
        preview: options.preview ?? false,
        deleted: options.deleted ?? false,
      },
    ],
  });
  return id;
}

export interface AccountOptions {
  currency?: string;
  /** Minor units; a string for amounts beyond 2^53. */
  amount?: number | string;
  blockedAt?: string | null;
  createdAt?: string;
}

export async function seedAccount(db: Db, contactId: number, options: AccountOptions = {}): Promise<number> {
  const id = uniqueId();
  await applyFixtures(db, {
    contact_accounts: [
      {
        id,
        contact_id: contactId,
        currency: options.currency ?? "USD",
        amount: options.amount ?? 0,
        blocked_at: options.blockedAt ?? null,
        ...(options.createdAt ? { created_at: options.createdAt } : {}),
      },
    ],
  });
  return id;
}

/** A tenant with one contact and one account. */
export async function seedAccountWorld(db: Db, account: AccountOptions = {}) {
  const tenant = await seedTenant(db);
  const contactId = await seedContact(db, tenant);
  const accountId = await seedAccount(db, contactId, account);
  return { tenant, contactId, accountId };
}

/**
 * A real HTTP server in front of the gateway (as the Next route does): node:http
 * request → fetch Request → the gateway (checked against the contract) → node:http response. Port 0.
 */
export async function startApiServer(db: Db, options: GatewayOptions = {}): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer(async (req, res) => {
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks);
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === "string") headers.set(name, value);
        else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
      }
      const url = `http://${req.headers.host}${req.url}`;
      const request = new Request(url, { method: req.method, headers, body: body.length > 0 ? body : undefined });
      const method = decodeURIComponent(new URL(url).pathname.replace(/^\/api\/v1\//, ""));
      const response = await checkedApiRequest(db, request, method, options);
      res.writeHead(response.status, Object.fromEntries(response.headers.entries()));
      res.end(Buffer.from(await response.arrayBuffer()));
    } catch (error) {
      res.writeHead(500, { "content-type": "text/plain" });
      res.end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** POSTs JSON to a method of a server started by startApiServer. */
export async function postJson(baseUrl: string, method: string, key: string, params: Record<string, unknown>) {
  const response = await fetch(`${baseUrl}/api/v1/${method}`, {
    method: "POST",
    headers: { accept: "application/json", "content-type": "application/json", authorization: `Bearer ${key}` },
    body: JSON.stringify(params),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, text };
}
