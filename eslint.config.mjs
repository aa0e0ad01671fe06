import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import { noImportCycle } from "./scripts/lint/no-import-cycle.mjs";
import { noInstanceofAppError } from "./scripts/lint/no-instanceof-app-error.mjs";

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [
      ".next*/**",
      "node_modules/**",
      "generated/**",
      ".data/**",
      ".test-data/**",
      "test-results*/**",
      "playwright-report/**",
      "next-env.d.ts",
      "bench/results/**",
    ],
  },
  {
    // CommonJS config files load with require().
    files: ["**/*.js"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // Modules that import each other load half-initialised, in an order that depends on which one
    // came first (scripts/lint/import-cycles.mjs says why type imports count too). An AppError is
    // recognised by isAppError, never `instanceof` (scripts/lint/no-instanceof-app-error.mjs says why).
    plugins: {
      ticketry: { rules: { "no-import-cycle": noImportCycle, "no-instanceof-app-error": noInstanceofAppError } },
    },
    rules: { "ticketry/no-import-cycle": "error", "ticketry/no-instanceof-app-error": "error" },
  },
  {
    // Only services talk to the database (and the scripts that migrate or seed it, and the tests
    // and benches that set up their data): every other module asks a service.
    files: ["**/*.{ts,tsx,js,mjs}"],
    ignores: ["lib/services/**", "lib/server/**", "scripts/**", "prisma/**", "tests/**", "bench/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "(^@/|/)lib/server/db$|^(\\.\\./)+server/db$",
              message: "Only lib/services imports the database client: call a service instead.",
            },
          ],
        },
      ],
    },
  },
];

export default config;
