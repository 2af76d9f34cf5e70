import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: ["./lib/db/schema/platform.ts", "./lib/db/schema/dashboard.ts"],
  out: "./drizzle",
  schemaFilter: ["platform", "dashboard"],
});
