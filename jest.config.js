// Two projects: unit tests in jsdom, integration tests in node against a real Postgres.
const nextJest = require("next/jest");

const createJestConfig = nextJest({ dir: "./" });

const shared = {
  moduleNameMapper: {
    "^@/(.*)$": "<rootDir>/$1",
    "^server-only$": "<rootDir>/tests/support/empty-module.js",
    // Jest cannot load Prisma's lazy .mjs runtime files; the .js twins are the same code.
    "^@prisma/client/runtime/(.*)\\.mjs$": "@prisma/client/runtime/$1.js",
  },
};

module.exports = async () => {
  const unit = await createJestConfig({
    ...shared,
    displayName: "unit",
    testEnvironment: "jsdom",
    testMatch: ["<rootDir>/tests/unit/**/*.test.{ts,tsx}"],
    setupFilesAfterEnv: ["<rootDir>/tests/unit/setup.ts"],
  })();
  const integration = await createJestConfig({
    ...shared,
    displayName: "integration",
    testEnvironment: "node",
    testMatch: ["<rootDir>/tests/integration/**/*.test.ts"],
    setupFilesAfterEnv: ["<rootDir>/tests/integration/setup.ts"],
  })();
  return { projects: [unit, integration] };
};
