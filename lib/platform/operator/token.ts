import { createHash, timingSafeEqual } from "node:crypto";
import { jsonResponse } from "../json";
import { config } from "@/lib/config.mjs";

export type OperatorCheck = { ok: true } | { ok: false; response: Response };

/**
 * The operator routes exist only when PLATFORM_OPERATOR_TOKEN is set (404
 * otherwise), and compare the bearer token in constant time (hashes of equal length).
 */
export function checkOperatorToken(request: Request, token = config().platform.operatorToken): OperatorCheck {
  if (!token) return { ok: false, response: jsonResponse(404, { message: "Not Found", error: "Not Found" }) };
  const header = request.headers.get("authorization") ?? "";
  const given = header.match(/^Bearer\s+(.+)$/i)?.[1]?.trim() ?? "";
  const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();
  if (!given || !timingSafeEqual(digest(given), digest(token))) {
    return { ok: false, response: jsonResponse(401, { error: "unauthorized" }) };
  }
  return { ok: true };
}
