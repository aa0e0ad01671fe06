/** @jest-environment node */
import { Linter } from "eslint";
import { noInstanceofAppError } from "@/scripts/lint/no-instanceof-app-error.mjs";

// The lint rule that refuses `instanceof AppError` (a copy of lib/errors.ts in another server
// chunk makes it false): both spellings of the check are reported, isAppError and other classes are not.

const config = [
  { plugins: { ticketry: { rules: { "no-instanceof-app-error": noInstanceofAppError } } } },
  { files: ["**/*.js"], rules: { "ticketry/no-instanceof-app-error": "error" as const } },
];
const lint = (code: string) =>
  new Linter().verify(code, config, { filename: "check.js" }).map(({ line, message }) => ({ line, message }));

test("`instanceof AppError` and `instanceof errors.AppError` are reported where they stand", () => {
  const code = [
    'import { AppError } from "@/lib/errors";',
    'import * as errors from "@/lib/errors";',
    "export const known = (e) => e instanceof AppError;",
    "export const alsoKnown = (e) => e instanceof errors.AppError;",
  ].join("\n");
  const message = "Use isAppError(error) from lib/errors: `instanceof AppError` fails across server chunks.";
  expect(lint(code)).toEqual([
    { line: 3, message },
    { line: 4, message },
  ]);
});

test("isAppError, other classes and a class merely named like it elsewhere pass", () => {
  const code = [
    'import { isAppError } from "@/lib/errors";',
    "export const known = (e) => isAppError(e);",
    "export const failed = (e) => e instanceof Error || e instanceof AppErrorList;",
  ].join("\n");
  expect(lint(code)).toEqual([]);
});
