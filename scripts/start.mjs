#!/usr/bin/env node
// `npm start`: next start on PORT (default 3000) and HOSTNAME (default 127.0.0.1),
// forwarding signals so that SIGTERM shuts the server down gracefully.
import { spawn } from "node:child_process";
import path from "node:path";

const port = process.env.PORT || "3000";
const hostname = process.env.HOSTNAME || "127.0.0.1";
const next = path.join(process.cwd(), "node_modules", ".bin", "next");
const child = spawn(next, ["start", "-p", port, "-H", hostname], {
  stdio: "inherit",
  env: { NEXT_TELEMETRY_DISABLED: "1", ...process.env },
});
for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
