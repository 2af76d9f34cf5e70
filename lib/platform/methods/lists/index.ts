import type { ApiMethod } from "../../method";

/** The lists methods of /api/v1, by method name. */
export const listMethods: Record<string, ApiMethod> = {};
