// `npm run user:password -- --email a@b.c [--password-env NAME]`
// Prints a one-time reset link (valid 24 h) for a dashboard user: when they use it, their password is replaced and
// every session of theirs ends; until then nothing changes. With --password-env NAME, the password is set at once
// to the value of that environment variable (for automation) and the user's sessions end. The configured database:
// DATABASE_URL; else the embedded PGlite in DATA_DIR — through the running server when one holds it, directly when
// none does. The link's address starts with NEXTAUTH_URL (else http://localhost:PORT).
import { parseArgs } from "node:util";
import { runScript } from "@/lib/commands/cli";
import { UserPasswordPayloadSchema, type UserWithLink } from "@/lib/commands/builtin";
import { printUserLink, passwordFromEnv } from "@/lib/commands/user-link-output";

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { email: { type: "string" }, "password-env": { type: "string" } } });
  const password = passwordFromEnv("user:password", values["password-env"]);
  if (password === null) return 2;
  const parsed = UserPasswordPayloadSchema.safeParse({ email: values.email, password });
  if (!parsed.success) {
    console.error("usage: npm run user:password -- --email a@b.c [--password-env NAME]");
    for (const issue of parsed.error.issues) console.error(`  --${issue.path.join(".")}: ${issue.message}`);
    return 2;
  }
  return runScript("user:password", "user.password", parsed.data, (result) => {
    const { user, link } = result as UserWithLink;
    if (link) console.log(`Reset link for ${user.role} ${user.email} (id ${user.id}); their password changes when they use it.`);
    else console.log(`New password for ${user.role} ${user.email} (id ${user.id}); their sessions have ended.`);
    printUserLink(link, values["password-env"]);
  });
}

main().then((code) => process.exit(code));
