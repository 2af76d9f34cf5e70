import { z } from "zod";
import type { Database, Db } from "@/lib/db/client";

/**
 * Operator commands: named handlers with a zod-validated payload that run either
 * in the process that owns the embedded database (reached over its command
 * channel, lib/commands/channel.ts) or, when no server runs, in the command-line
 * script itself (lib/commands/cli.ts). Both paths call dispatchCommand, so a
 * command answers the same either way.
 *
 * To add one: write lib/commands/<name>.ts (lib/commands/backup.ts is one) that calls
 *
 *   registerCommand({
 *     name: "thing.do",
 *     payload: z.object({ id: z.number().int() }),
 *     async run({ db }, { id }) { …; return { id }; },   // a JSON-serialisable result
 *   });
 *
 * import it from lib/commands/builtin.ts (the server and the scripts load that
 * file), and give it a script that calls runScript (or runCommandFromCli).
 * Expected refusals throw CommandError(code, message, details?); anything else
 * becomes an opaque `internal` error (logged by the owner without the payload).
 */

export interface CommandContext {
  /** The owner's database (`database.db`), for queries. */
  db: Db;
  /** The same database's handle, for what needs more than queries (a backup takes the engine itself). */
  database: Database;
}

export interface Command<Payload extends z.ZodType = z.ZodType, Result = unknown> {
  name: string;
  payload: Payload;
  run(context: CommandContext, payload: z.output<Payload>): Promise<Result>;
}

/** An expected refusal: a stable code, a sentence for the operator, and optional structured details. */
export class CommandError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = "CommandError";
  }
}

const NAME = /^[a-z][a-z0-9]*(?:[.-][a-z0-9]+)*$/;
const commands = new Map<string, Command>();

export function registerCommand<Payload extends z.ZodType, Result>(command: Command<Payload, Result>): void {
  if (!NAME.test(command.name)) throw new Error(`command names are lower-case words joined by "." or "-": ${command.name}`);
  if (commands.has(command.name)) throw new Error(`the command ${command.name} is registered twice`);
  commands.set(command.name, command as unknown as Command);
}

const registeredCommands = (): string[] => [...commands.keys()].sort();

/** Dotted paths to messages, as the API's 422 bodies: {"accounts.0.id": ["…"]}. */
function issuesByPath(issues: readonly z.core.$ZodIssue[]): Record<string, string[]> {
  const errors: Record<string, string[]> = Object.create(null);
  for (const issue of issues) (errors[issue.path.map(String).join(".") || "payload"] ??= []).push(issue.message);
  return errors;
}

/** Validates the payload and runs the command; every refusal is a CommandError. */
export async function dispatchCommand(name: string, payload: unknown, context: CommandContext): Promise<unknown> {
  const command = typeof name === "string" && commands.has(name) ? commands.get(name)! : undefined;
  if (!command)
    throw new CommandError("unknown_command", `There is no command ${JSON.stringify(String(name).slice(0, 100))}; known: ${registeredCommands().join(", ")}.`);
  const parsed = command.payload.safeParse(payload);
  if (!parsed.success) {
    const errors = issuesByPath(parsed.error.issues);
    const summary = Object.entries(errors)
      .map(([path, messages]) => `${path}: ${messages.join("; ")}`)
      .join(", ");
    throw new CommandError("invalid_payload", `The ${name} command's input is invalid (${summary}).`, { errors });
  }
  return command.run(context, parsed.data);
}
