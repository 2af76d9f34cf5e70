import type { ApiMethod } from "../../method";

/** The contacts methods of /api/v1, by method name. */
export const contactMethods: Record<string, ApiMethod> = {};
