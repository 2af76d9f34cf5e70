import "server-only";
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary } from "@zxcvbn-ts/language-common";

/**
 * The rule for a new password, checked on the server (the form's meter asks the same function): at least 12 and at
 * most 256 characters, and zxcvbn's score of at least 3 of 4 against the common-password and diceware lists shipped
 * with @zxcvbn-ts/language-common (offline: no password leaves the server) and the member's own email and name.
 * The lists stay on the server: in the browser they would be a 200 kB download.
 */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;
const MIN_SCORE = 3;

export type PasswordProblem = "too_short" | "too_long" | "common" | "personal" | "weak";

export interface PasswordStrength {
  /** zxcvbn's 0 (guessed at once) to 4 (very unlikely to be guessed). */
  score: 0 | 1 | 2 | 3 | 4;
  acceptable: boolean;
  /** The first problem to fix, or null when acceptable. */
  problem: PasswordProblem | null;
}

let factory: ZxcvbnFactory | null = null;
const checker = () => (factory ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs }));

/** The words of an email and a name, as zxcvbn's user inputs: a password built from them is personal. */
function personalWords(inputs: string[]): string[] {
  return inputs.flatMap((input) => [input, ...input.split(/[^\p{L}\p{N}]+/u)]).filter((word) => word.length >= 3);
}

export function checkPasswordStrength(password: string, personal: string[] = []): PasswordStrength {
  const length = [...password].length;
  if (length > PASSWORD_MAX_LENGTH) return { score: 0, acceptable: false, problem: "too_long" };
  const result = checker().check(password.slice(0, PASSWORD_MAX_LENGTH * 2), personalWords(personal));
  const score = result.score as PasswordStrength["score"];
  const matches = result.sequence.map((part) => ("dictionaryName" in part ? part.dictionaryName : null));
  let problem: PasswordProblem | null = null;
  if (length < PASSWORD_MIN_LENGTH) problem = "too_short";
  else if (score < MIN_SCORE && matches.includes("passwords-common")) problem = "common";
  else if (score < MIN_SCORE && matches.includes("userInputs")) problem = "personal";
  else if (score < MIN_SCORE) problem = "weak";
  return { score, acceptable: problem === null, problem };
}
