import "server-only";
import type { PlatformClient } from "./client";
import { MeSchema, type Me } from "./schemas";
import { callMethod } from "./transport";

/** The key's account (and, on our platform, its projects and bots); also how a key is checked. */
export async function getMe(api: PlatformClient): Promise<Me> {
  return (await callMethod(api, "getMe", {}, MeSchema)).data;
}

export type { Me };
