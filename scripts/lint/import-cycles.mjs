// Import cycles in the project's own modules. Modules that import each other load half-initialised,
// in an order that depends on which one came first, and a cycle through types alone still ties two
// layers together that should not know each other; so every static import counts, `import type`
// included. Dynamic `import()` does not: it runs after both modules have loaded.
//
// The graph is built once for the whole project with TypeScript's own parser and module
// resolution (the tsconfig's `paths`, so `@/` imports resolve as the compiler resolves them), which
// is what lets the lint rule below answer for every file at the cost of one pass.
import path from "node:path";
import ts from "typescript";

/** @typedef {Map<string, { target: string, specifier: string, line: number }[]>} ImportGraph */

/**
 * Every project file's static imports of other project files (not packages), by absolute path.
 * @param {string} tsconfigPath
 * @returns {ImportGraph}
 */
export function importGraph(tsconfigPath) {
  const { config, error } = ts.readConfigFile(tsconfigPath, ts.sys.readFile);
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, "\n"));
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, path.dirname(tsconfigPath));
  const files = new Set(parsed.fileNames.map((file) => path.resolve(file)));
  /** @type {ImportGraph} */
  const graph = new Map();
  for (const file of files) {
    const text = ts.sys.readFile(file) ?? "";
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
    const edges = [];
    for (const statement of source.statements) {
      const specifier = moduleSpecifierOf(statement);
      if (!specifier) continue;
      const resolved = ts.resolveModuleName(specifier, file, parsed.options, ts.sys).resolvedModule;
      const target = resolved && !resolved.isExternalLibraryImport ? path.resolve(resolved.resolvedFileName) : null;
      if (target && files.has(target)) {
        const line = source.getLineAndCharacterOfPosition(statement.getStart(source)).line + 1;
        edges.push({ target, specifier, line });
      }
    }
    graph.set(file, edges);
  }
  return graph;
}

/** @param {ts.Statement} statement */
function moduleSpecifierOf(statement) {
  if ((ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier)
    return ts.isStringLiteral(statement.moduleSpecifier) ? statement.moduleSpecifier.text : null;
  if (ts.isImportEqualsDeclaration(statement) && ts.isExternalModuleReference(statement.moduleReference)) {
    const expression = statement.moduleReference.expression;
    return ts.isStringLiteral(expression) ? expression.text : null;
  }
  return null;
}

/**
 * The strongly connected groups of the graph that are cycles (two or more files, or a file that
 * imports itself), each as a set of files (Tarjan's algorithm, iterative so that a long chain of
 * imports cannot overflow the stack).
 * @param {ImportGraph} graph
 * @returns {Set<string>[]}
 */
export function cycleGroups(graph) {
  /** @type {Map<string, number>} */ const index = new Map();
  /** @type {Map<string, number>} */ const low = new Map();
  /** @type {string[]} */ const stack = [];
  const onStack = new Set();
  /** @type {Set<string>[]} */ const groups = [];
  let next = 0;
  for (const root of graph.keys()) {
    if (index.has(root)) continue;
    /** @type {{ file: string, edge: number }[]} */
    const work = [{ file: root, edge: 0 }];
    index.set(root, next);
    low.set(root, next++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = /** @type {{ file: string, edge: number }} */ (work.at(-1));
      const edges = graph.get(frame.file) ?? [];
      if (frame.edge < edges.length) {
        const { target } = edges[frame.edge++];
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next++);
          stack.push(target);
          onStack.add(target);
          work.push({ file: target, edge: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.file, Math.min(Number(low.get(frame.file)), Number(index.get(target))));
        }
        continue;
      }
      work.pop();
      const parent = work.at(-1);
      if (parent) low.set(parent.file, Math.min(Number(low.get(parent.file)), Number(low.get(frame.file))));
      if (low.get(frame.file) !== index.get(frame.file)) continue;
      const group = new Set();
      let member;
      do {
        member = /** @type {string} */ (stack.pop());
        onStack.delete(member);
        group.add(member);
      } while (member !== frame.file);
      const selfImport = (graph.get(frame.file) ?? []).some((edge) => edge.target === frame.file);
      if (group.size > 1 || selfImport) groups.push(group);
    }
  }
  return groups;
}

/**
 * The shortest way back from `from` to `to` inside one cycle group, as files, both ends included.
 * @param {ImportGraph} graph
 * @param {Set<string>} group
 * @param {string} from
 * @param {string} to
 */
export function pathWithin(graph, group, from, to) {
  /** @type {Map<string, string | null>} */
  const cameFrom = new Map([[from, null]]);
  const queue = [from];
  while (queue.length > 0) {
    const file = /** @type {string} */ (queue.shift());
    if (file === to) break;
    for (const { target } of graph.get(file) ?? [])
      if (group.has(target) && !cameFrom.has(target)) {
        cameFrom.set(target, file);
        queue.push(target);
      }
  }
  /** @type {string[]} */
  const steps = [];
  for (let at = /** @type {string | null | undefined} */ (to); at; at = cameFrom.get(at)) steps.unshift(at);
  return steps;
}
