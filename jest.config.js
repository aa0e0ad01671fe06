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

// Packages published as ES modules only, which Jest must compile to CommonJS like our own code:
// the job queue, sanitize-html's HTML parser with its DOM and entity tables (wherever npm
// placed them), and the OpenID Connect client with its OAuth and JOSE libraries.
const ESM_PACKAGES = [
  "graphile-worker",
  "openid-client",
  "oauth4webapi",
  "jose",
  "htmlparser2",
  "entities",
  "domhandler",
  "domutils",
  "dom-serializer",
  "domelementtype",
];

/** next/jest leaves every node_modules file untransformed but Next's own; add ours to that list. */
function transformEsmPackages(config) {
  const [nodeModules, ...rest] = config.transformIgnorePatterns;
  const ours = `(?:[\\w@.-]+/node_modules/)?(?:${ESM_PACKAGES.join("|")})/`;
  return { ...config, transformIgnorePatterns: [nodeModules.replace("(?!.pnpm)", `(?!.pnpm)(?!${ours})`), ...rest] };
}

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
    testEnvironment: "<rootDir>/tests/integration/environment.ts",
    // Jest 30 "soft deletes" what a file left on the global scope by wrapping each property in
    // an accessor whose setter calls itself: a late write (a LISTEN connection's last event
    // after its file ended) then overflows the stack in whichever file runs next. Each file
    // gets a fresh global anyway, and the setup file closes the pool and the listener.
    testEnvironmentOptions: { globalsCleanup: "off" },
    testMatch: ["<rootDir>/tests/integration/**/*.test.ts"],
    setupFilesAfterEnv: ["<rootDir>/tests/integration/setup.ts"],
  })();
  return { projects: [unit, integration].map(transformEsmPackages) };
};
