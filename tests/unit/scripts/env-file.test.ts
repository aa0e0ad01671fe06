import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

// `npm start`, the worker and the db scripts read `.env` from the folder they run in; a variable
// already in the environment wins, and a missing file is no error.

const envFile = path.resolve("scripts/lib/env-file.mjs");
let dir: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "env-file-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Runs a fresh Node in `dir` that loads the module and prints the two variables and anything said on stderr. */
function settingsSeen(env: Record<string, string> = {}) {
  const script = `await import(${JSON.stringify(envFile)}); console.log(JSON.stringify({ port: process.env.PORT ?? null, from: process.env.MAIL_FROM ?? null }));`;
  const { PORT: _port, MAIL_FROM: _from, ...inherited } = process.env;
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], {
    cwd: dir,
    env: { ...inherited, ...env },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  return JSON.parse(out);
}

test("settings come from .env", () => {
  writeFileSync(path.join(dir, ".env"), '# a comment\nPORT=3005\nMAIL_FROM="Help <help@example.test>"\n');
  expect(settingsSeen()).toEqual({ port: "3005", from: "Help <help@example.test>" });
});

test("a variable set in the environment wins over the file", () => {
  writeFileSync(path.join(dir, ".env"), "PORT=3005\nMAIL_FROM=file@example.test\n");
  expect(settingsSeen({ PORT: "4000" })).toEqual({ port: "4000", from: "file@example.test" });
});

test("without a .env nothing is set and nothing is said", () => {
  expect(settingsSeen()).toEqual({ port: null, from: null });
});
