// `npm run user:password -- --email a@b.c`
// Gives a dashboard user a new generated password, printed once, and ends the user's
// sessions. The configured database: DATABASE_URL; else the embedded PGlite in DATA_DIR
// — through the running server when one holds it (the new password works at once, the
// old one stops at once), directly when none does.
import { parseArgs } from "node:util";
import { runScript } from "@/lib/commands/cli";
import { UserPasswordPayloadSchema, type UserWithPassword } from "@/lib/commands/builtin";

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { email: { type: "string" } } });
  const parsed = UserPasswordPayloadSchema.safeParse(values);
  if (!parsed.success) {
    console.error("usage: npm run user:password -- --email a@b.c");
    for (const issue of parsed.error.issues) console.error(`  --${issue.path.join(".")}: ${issue.message}`);
    return 2;
  }
  return runScript("user:password", "user.password", parsed.data, (result) => {
    const { user, password } = result as UserWithPassword;
    console.log(`New password for ${user.role} ${user.email} (id ${user.id}); their sessions have ended.`);
    console.log(`Password (shown once): ${password}`);
  });
}

main().then((code) => process.exit(code));
