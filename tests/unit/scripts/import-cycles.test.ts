/** @jest-environment node */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Linter } from "eslint";
import { cycleGroups, importGraph, pathWithin } from "@/scripts/lint/import-cycles.mjs";
import { noImportCycle } from "@/scripts/lint/no-import-cycle.mjs";

// The lint rule that refuses import cycles between the project's own modules: type imports count,
// `@/` paths resolve through the tsconfig, packages and dynamic imports do not count.

let dir: string;

function project(files: Record<string, string>) {
  writeFileSync(
    path.join(dir, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: { module: "esnext", moduleResolution: "bundler", strict: true, paths: { "@/*": ["./*"] } },
      include: ["**/*.ts"],
    }),
  );
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
}

const at = (name: string) => path.join(dir, name);
const groupsOf = () =>
  cycleGroups(importGraph(at("tsconfig.json")))
    .map((group) => [...group].map((file) => path.relative(dir, file)).sort())
    .sort();

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "import-cycles-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

test("a cycle closed by a type import is found, through the @/ alias", () => {
  project({
    "lib/a.ts": 'import { b } from "@/lib/b";\nexport const a = () => b;\n',
    "lib/b.ts": 'import type { Shape } from "./c";\nexport const b = 1;\nexport type B = Shape;\n',
    "lib/c.ts": 'import type { a } from "@/lib/a";\nexport type Shape = typeof a;\n',
    "lib/d.ts": 'import { b } from "@/lib/b";\nexport const d = b;\n',
  });
  expect(groupsOf()).toEqual([["lib/a.ts", "lib/b.ts", "lib/c.ts"]]);
});

test("packages, dynamic imports and a plain chain are no cycle; a file importing itself is", () => {
  project({
    "a.ts": 'import path from "node:path";\nimport { b } from "./b";\nexport const a = path.sep + b;\n',
    "b.ts": 'export const b = "b";\nexport const later = () => import("./a");\n',
    "self.ts": 'import * as me from "./self";\nexport const self = () => me;\n',
  });
  expect(groupsOf()).toEqual([["self.ts"]]);
});

test("the way round a cycle starts and ends at the importing file", () => {
  project({
    "a.ts": 'import { b } from "./b";\nexport const a = b;\n',
    "b.ts": 'import { c } from "./c";\nexport const b = c;\n',
    "c.ts": 'import { a } from "./a";\nexport const c = () => a;\n',
  });
  const graph = importGraph(at("tsconfig.json"));
  const [group] = cycleGroups(graph);
  expect(pathWithin(graph, group, at("b.ts"), at("a.ts")).map((f) => path.basename(f))).toEqual([
    "b.ts",
    "c.ts",
    "a.ts",
  ]);
});

test("the rule reports the import that closes the cycle, with the way round", () => {
  project({
    "a.ts": '// first\nimport { b } from "./b";\nexport const a = b;\n',
    "b.ts": 'import { a } from "./a";\nexport const b = () => a;\n',
    "free.ts": 'import { a } from "./a";\nexport const free = a;\n',
  });
  const linter = new Linter({ cwd: dir });
  const config = [
    { plugins: { ticketry: { rules: { "no-import-cycle": noImportCycle } } } },
    { files: ["**/*.ts"], rules: { "ticketry/no-import-cycle": "error" as const } },
  ];
  const lint = (name: string) => linter.verify(readFileSync(at(name), "utf8"), config, { filename: at(name) });
  expect(lint("a.ts").map(({ line, message }) => ({ line, message }))).toEqual([
    { line: 2, message: "Import cycle: a.ts -> b.ts -> a.ts" },
  ]);
  expect(lint("free.ts")).toEqual([]);
});
