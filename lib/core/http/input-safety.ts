/**
 * Checks for hostile request input that no schema catches by itself: nesting
 * so deep that a recursive walk overflows the stack, and U+0000, which
 * PostgreSQL refuses in text (SQLSTATE 22021) after the request has already
 * got that far. Every walk here is iterative, so no input can exhaust the stack.
 */

/**
 * How deeply request parameters may nest (an extension: the spec sets no limit).
 * The deepest parameter the API reads is `fields.N.slug` (3 levels); 32 leaves room
 * for list item values and anything a client may add, and refuses absurd documents.
 */
export const MAX_INPUT_DEPTH = 32;

export class InputTooDeepError extends Error {
  constructor(readonly maxDepth: number) {
    super(`The input is nested deeper than ${maxDepth} levels.`);
    this.name = "InputTooDeepError";
  }
}

function isContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  return typeof value === "object" && value !== null;
}

/** Throws InputTooDeepError when objects and arrays nest more than maxDepth levels (the outermost one is level 1). */
export function assertInputDepth(value: unknown, maxDepth = MAX_INPUT_DEPTH): void {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (!isContainer(current)) continue;
    if (depth >= maxDepth) throw new InputTooDeepError(maxDepth);
    for (const inner of Object.values(current)) if (isContainer(inner)) stack.push({ value: inner, depth: depth + 1 });
  }
}

const NUL = "\u0000";

/** A step of a walk: its key, and the step it came from (the path is built only for what is reported). */
interface Step {
  key: string | number | null;
  parent: Step | null;
}

function dottedPath(step: Step): string {
  const keys: (string | number)[] = [];
  for (let current: Step | null = step; current && current.key !== null; current = current.parent) keys.push(current.key);
  return keys.reverse().join(".");
}

/**
 * Dotted paths (`fields.0.name`, Laravel's error keys) of every string, and of
 * every object key, that contains U+0000. A key's own path is where the error
 * belongs: the key is the text that would be stored. Any depth, in linear time.
 */
export function findNulPaths(value: unknown): string[] {
  const found = new Set<string>();
  const stack: { value: unknown; step: Step }[] = [{ value, step: { key: null, parent: null } }];
  while (stack.length > 0) {
    const { value: current, step } = stack.pop()!;
    if (typeof current === "string") {
      if (current.includes(NUL)) found.add(dottedPath(step));
      continue;
    }
    if (!isContainer(current)) continue;
    const entries = Array.isArray(current) ? current.map((inner, index) => [index, inner] as const) : Object.entries(current);
    // Pushed in reverse, so that values come off the stack in document order.
    for (let i = entries.length - 1; i >= 0; i -= 1) {
      const [key, inner] = entries[i];
      const innerStep: Step = { key, parent: step };
      if (typeof key === "string" && key.includes(NUL)) found.add(dottedPath(innerStep));
      else stack.push({ value: inner, step: innerStep });
    }
  }
  return [...found];
}
