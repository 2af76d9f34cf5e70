import type { ApiMethod } from "../../method";

/** The accounts methods of /api/v1, by method name. */
export const accountMethods: Record<string, ApiMethod> = {};
