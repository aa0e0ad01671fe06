// The lint rule `ticketry/no-import-cycle`: an import that closes a cycle of the project's own
// modules is an error, reported at that import with the whole way round. The project's import
// graph is read once per lint run (import-cycles.mjs), so the rule costs one pass over the tree
// rather than one per file, as eslint-plugin-import's no-cycle did.
import path from "node:path";
import ts from "typescript";
import { cycleGroups, importGraph, pathWithin } from "./import-cycles.mjs";

/** @type {Map<string, { graph: import("./import-cycles.mjs").ImportGraph, groupOf: Map<string, Set<string>> }>} */
const projects = new Map();

/** The import graph of the project whose tsconfig.json is at `cwd`, read on first use. @param {string} cwd */
function project(cwd) {
  let found = projects.get(cwd);
  if (!found) {
    const tsconfig = ts.findConfigFile(cwd, ts.sys.fileExists, "tsconfig.json");
    if (!tsconfig) throw new Error(`no tsconfig.json at or above ${cwd}`);
    const graph = importGraph(tsconfig);
    const groupOf = new Map();
    for (const group of cycleGroups(graph)) for (const file of group) groupOf.set(file, group);
    found = { graph, groupOf };
    projects.set(cwd, found);
  }
  return found;
}

/** @type {import("eslint").Rule.RuleModule} */
export const noImportCycle = {
  meta: {
    type: "problem",
    docs: { description: "Forbid imports that close a cycle between the project's own modules" },
    schema: [],
    messages: { cycle: "Import cycle: {{way}}" },
  },
  create(context) {
    const file = path.resolve(context.filename);
    const { graph, groupOf } = project(context.cwd);
    const group = groupOf.get(file);
    if (!group) return {};
    const relative = (/** @type {string} */ name) => path.relative(context.cwd, name);
    return {
      Program(program) {
        const reported = new Set();
        for (const edge of graph.get(file) ?? []) {
          if (!group.has(edge.target) || reported.has(edge.line)) continue;
          reported.add(edge.line);
          const way = [file, ...pathWithin(graph, group, edge.target, file)].map(relative).join(" -> ");
          const node = program.body.find((statement) => statement.loc?.start.line === edge.line) ?? program;
          context.report({ node, messageId: "cycle", data: { way } });
        }
      },
    };
  },
};
