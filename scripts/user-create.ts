// `npm run user:create -- --email a@b.c --role owner|lead|support [--name N]`
// Creates a dashboard user in the configured database (DATABASE_URL, else the
// embedded PGlite in DATA_DIR) and prints the generated password once.
import { parseArgs } from "node:util";
import { z } from "zod";
import { databaseOptionsFromEnv, openDatabase } from "@/lib/db/client";
import { createUser } from "@/lib/dashboard/users";
import { DashboardError } from "@/lib/dashboard/errors";
import { ROLES } from "@/lib/auth/permissions";

const ArgsSchema = z.object({
  email: z.email(),
  role: z.enum(ROLES),
  name: z.string().max(255).optional(),
});

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { email: { type: "string" }, role: { type: "string" }, name: { type: "string" } } });
  const parsed = ArgsSchema.safeParse(values);
  if (!parsed.success) {
    console.error(`usage: npm run user:create -- --email a@b.c --role ${ROLES.join("|")} [--name N]`);
    for (const issue of parsed.error.issues) console.error(`  --${issue.path.join(".")}: ${issue.message}`);
    return 2;
  }
  const database = await openDatabase(databaseOptionsFromEnv());
  try {
    const { user, password } = await createUser(database.db, parsed.data);
    console.log(`Created ${user.role} ${user.email} (id ${user.id}).`);
    console.log(`Password (shown once): ${password}`);
    return 0;
  } catch (error) {
    if (error instanceof DashboardError && error.code === "team.email_taken") {
      console.error(`A user with the email ${parsed.data.email} already exists.`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

main().then((code) => process.exit(code));
