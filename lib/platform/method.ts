import type { z } from "zod";
import type { Db } from "@/lib/db/client";
import type { Lang, Translate } from "./i18n";

export type Verb = "GET" | "POST";

/** Both verbs (the spec's "GET POST") or POST only (methods that change data). */
export const GET_POST: readonly Verb[] = ["GET", "POST"];
export const POST_ONLY: readonly Verb[] = ["POST"];

export interface KeyHolder {
  id: number;
  email: string;
  name: string;
  plan: string;
}

export interface MethodContext {
  db: Db;
  holder: KeyHolder;
  lang: Lang;
  t: Translate;
  requestId: string;
  /** Absolute URL of the method without its query string: the paginator's `path`. */
  path: string;
}

/** `body` undefined means 204 with no body. */
export interface MethodResult {
  status: number;
  body?: unknown;
}

/**
 * What a method answers itself, by status: the body's schema (lib/contract), or null for no body (204). The gateway's own
 * answers (401, 402, 422, 429, …) are added to every method by the OpenAPI document; list here a status the method's own
 * code gives (its 403, 404 and coded 422s included), so that the document and the contract check know it.
 */
export type MethodResponses = Partial<Record<200 | 201 | 204 | 403 | 404 | 422, z.ZodType | null>>;

export interface ApiMethod<S extends z.ZodType = z.ZodType> {
  verbs: readonly Verb[];
  params: S;
  handle(ctx: MethodContext, params: z.output<S>): Promise<MethodResult>;
  responses: MethodResponses;
  /** Ours, not in the spec (`x-extension: true` in the document). */
  extension?: boolean;
  /** The parameters as the document shows them, when `params` cannot (a handler that validates by itself). */
  documentedParams?: z.ZodType;
}

export function defineMethod<S extends z.ZodType>(method: ApiMethod<S>): ApiMethod<S> {
  return method;
}

export const ok = (body: unknown): MethodResult => ({ status: 200, body });
export const created = (body: unknown): MethodResult => ({ status: 201, body });
export const noContent = (): MethodResult => ({ status: 204 });
