// Starts scripts/worker.ts under tsx with the server's module conditions (server-only code).
import "./lib/env-file.mjs";
import { spawn } from "node:child_process";

const child = spawn(
  process.execPath,
  ["--conditions=react-server", "--import", "tsx", "scripts/worker.ts", ...process.argv.slice(2)],
  { stdio: "inherit" },
);
for (const signal of /** @type {const} */ (["SIGTERM", "SIGINT"])) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
