import { spawn } from "node:child_process";
import { expect, test } from "@playwright/test";
import { CONFIG_PROBLEM_EXIT } from "@/lib/server/exit-codes.mjs";

// The production server with every core (WEB_CONCURRENCY=2) and a configuration it must refuse:
// it stops with the message and a non-zero status instead of starting its workers again and
// again. (tests/unit/scripts/server-cluster.test.ts covers a refusal after the port is open.)

const PORT = Number(process.env.E2E_PORT ?? 3100) + 6;

test("a server whose configuration check fails exits with the message", async () => {
  const server = spawn(process.execPath, ["scripts/serve.mjs"], {
    env: {
      ...process.env,
      PORT: String(PORT),
      WEB_CONCURRENCY: "2",
      NEXTAUTH_SECRET: "too-short",
      INBOUND_SMTP_PORT: "",
      JOBS_IN_SERVER: "false",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  server.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  server.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  try {
    const code = await new Promise<number | null>((resolve) => server.once("exit", resolve));
    expect(code).toBe(CONFIG_PROBLEM_EXIT);
    expect(output).toContain("Ticketry cannot start:\n- NEXTAUTH_SECRET is too short");
    expect(output).not.toContain("> Ready on");
  } finally {
    server.kill("SIGKILL");
  }
});
