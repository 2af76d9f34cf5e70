// `npm run user:create -- --email a@b.c --role owner|lead|support [--name N]`
// Creates a dashboard user and prints the generated password once. The configured
// database: DATABASE_URL; else the embedded PGlite in DATA_DIR — through the running
// server when one holds it (the user can sign in at once), directly when none does.
import { parseArgs } from "node:util";
import { runScript } from "@/lib/commands/cli";
import { UserCreatePayloadSchema, type UserWithPassword } from "@/lib/commands/builtin";
import { ROLES } from "@/lib/auth/permissions";

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { email: { type: "string" }, role: { type: "string" }, name: { type: "string" } } });
  const parsed = UserCreatePayloadSchema.safeParse(values);
  if (!parsed.success) {
    console.error(`usage: npm run user:create -- --email a@b.c --role ${ROLES.join("|")} [--name N]`);
    for (const issue of parsed.error.issues) console.error(`  --${issue.path.join(".")}: ${issue.message}`);
    return 2;
  }
  return runScript("user:create", "user.create", parsed.data, (result) => {
    const { user, password } = result as UserWithPassword;
    console.log(`Created ${user.role} ${user.email} (id ${user.id}).`);
    console.log(`Password (shown once): ${password}`);
  });
}

main().then((code) => process.exit(code));
