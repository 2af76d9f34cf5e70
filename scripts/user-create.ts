// `npm run user:create -- --email a@b.c --role owner|lead|support [--name N] [--password-env NAME]`
// Creates a dashboard user and prints a one-time link (valid 24 h) with which they set their own password;
// until then they cannot sign in. With --password-env NAME, the password is the value of that environment
// variable instead (for automation), and no link is made. The configured database: DATABASE_URL; else the
// embedded PGlite in DATA_DIR — through the running server when one holds it (the user can sign in at once),
// directly when none does. The link's address starts with NEXTAUTH_URL (else http://localhost:PORT).
import { parseArgs } from "node:util";
import { runScript } from "@/lib/commands/cli";
import { UserCreatePayloadSchema, type UserWithLink } from "@/lib/commands/builtin";
import { ROLES } from "@/lib/auth/permissions";
import { printUserLink, passwordFromEnv } from "@/lib/commands/user-link-output";

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { email: { type: "string" }, role: { type: "string" }, name: { type: "string" }, "password-env": { type: "string" } },
  });
  const { "password-env": passwordEnv, ...rest } = values;
  const password = passwordFromEnv("user:create", passwordEnv);
  if (password === null) return 2;
  const parsed = UserCreatePayloadSchema.safeParse({ ...rest, password });
  if (!parsed.success) {
    console.error(`usage: npm run user:create -- --email a@b.c --role ${ROLES.join("|")} [--name N] [--password-env NAME]`);
    for (const issue of parsed.error.issues) console.error(`  --${issue.path.join(".")}: ${issue.message}`);
    return 2;
  }
  return runScript("user:create", "user.create", parsed.data, (result) => {
    const { user, link } = result as UserWithLink;
    console.log(`Created ${user.role} ${user.email} (id ${user.id}).`);
    printUserLink(link, passwordEnv);
  });
}

main().then((code) => process.exit(code));
