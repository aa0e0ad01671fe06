// Runs `prisma generate` without Prisma's native schema engine, which would be downloaded
// from a host this environment cannot reach. Generation never needs that engine; any
// existing executable satisfies the CLI's check.
import { spawnSync } from "node:child_process";

const result = spawnSync("npx", ["prisma", "generate"], {
  stdio: "inherit",
  env: {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? "/bin/true",
    PRISMA_HIDE_UPDATE_MESSAGE: "1",
  },
});
process.exit(result.status ?? 1);
