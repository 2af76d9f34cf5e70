import type { ApiMethod } from "./method";
import { getMe } from "./methods/get-me";
import { accountMethods } from "./methods/accounts";
import { contactMethods } from "./methods/contacts";
import { listMethods } from "./methods/lists";

/**
 * Every method of /api/v1/<methodName>. One file per method under ./methods;
 * each area exports its own map. Extensions of ours are listed in the README.
 */
const methods: Record<string, ApiMethod> = {
  getMe,
  ...accountMethods,
  ...contactMethods,
  ...listMethods,
};

export function findMethod(name: string): ApiMethod | undefined {
  return Object.hasOwn(methods, name) ? methods[name] : undefined;
}

/** Every method name with its method, in the registry's order (an alias is listed under its own name). */
export function allMethods(): [string, ApiMethod][] {
  return Object.entries(methods);
}
