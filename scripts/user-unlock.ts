// `npm run user:unlock -- --email a@b.c`
// Lifts every sign-in lock and count of a dashboard user's account: from unknown devices (the account's own and per
// address) and in their sessions (codes, the current password), for when a stranger's wrong passwords keep them out of
// a new browser. The browsers they signed in from before were never locked by others; the addresses' counts stay
// (others share them). Recorded in the security log. The configured database: DATABASE_URL; else the embedded PGlite
// in DATA_DIR — through the running server when one holds it, directly when none does.
import { parseArgs } from "node:util";
import { runScript } from "@/lib/commands/cli";
import { UserUnlockPayloadSchema } from "@/lib/commands/builtin";

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { email: { type: "string" } } });
  const parsed = UserUnlockPayloadSchema.safeParse({ email: values.email });
  if (!parsed.success) {
    console.error("usage: npm run user:unlock -- --email a@b.c");
    for (const issue of parsed.error.issues) console.error(`  --${issue.path.join(".")}: ${issue.message}`);
    return 2;
  }
  return runScript("user:unlock", "user.unlock", parsed.data, (result) => {
    const { user, lifted } = result as { user: { id: number; email: string; role: string }; lifted: number };
    console.log(`Sign-in unlocked for ${user.role} ${user.email} (id ${user.id}): ${lifted} ${lifted === 1 ? "count" : "counts"} lifted.`);
  });
}

main().then((code) => process.exit(code));
