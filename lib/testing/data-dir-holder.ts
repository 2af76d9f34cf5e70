import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

/**
 * A separate Node process that holds a data directory's lock (as a script
 * would while it works) and serves no commands, until it is killed: for tests
 * of what every other opener is told.
 */
export async function holdDataDir(dir: string): Promise<{ child: ChildProcess; exited: Promise<unknown> }> {
  const script = `
    const { acquireDataDirLock } = await import(${JSON.stringify(path.resolve("lib/db/data-dir-lock.mjs"))});
    await acquireDataDirLock(${JSON.stringify(dir)});
    process.stdout.write("held\\n");
    setInterval(() => {}, 1000);
  `;
  const child = spawn(process.execPath, ["--input-type=module", "-e", script], { stdio: ["ignore", "pipe", "inherit"] });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.setEncoding("utf8").on("data", (chunk: string) => chunk.includes("held") && resolve());
    child.once("exit", (code) => reject(new Error(`the holder exited with ${code}`)));
  });
  return { child, exited };
}
