/** @jest-environment node */
import { batchedWrites } from "@/lib/server/batched-writes";

/** A write whose statements end when the test says: each call is recorded with its items. */
function controlledWrite(fails: (item: string) => boolean = () => false) {
  const calls: { key: string; items: string[]; end: () => void }[] = [];
  const write = (key: string, items: string[]) =>
    new Promise<string[]>((resolve, reject) => {
      calls.push({
        key,
        items,
        end: () =>
          items.some(fails)
            ? reject(new Error(`cannot write ${items.join(",")}`))
            : resolve(items.map((i) => i.toUpperCase())),
      });
    });
  return { calls, write };
}

/** Lets every settled promise's callbacks run. */
const settled = () => new Promise((resolve) => setImmediate(resolve));

describe("batchedWrites", () => {
  it("starts a statement at once while fewer than the most are under way", async () => {
    const { calls, write } = controlledWrite();
    const add = batchedWrites({ maxStatements: 2, maxItems: 10, write });

    const results = [add("org", "a"), add("org", "b")];

    expect(calls.map((c) => c.items)).toEqual([["a"], ["b"]]);
    calls.forEach((c) => c.end());
    expect(await Promise.all(results)).toEqual(["A", "B"]);
  });

  it("writes what waited for a statement together when the first under way ends, in arrival order", async () => {
    const { calls, write } = controlledWrite();
    const add = batchedWrites({ maxStatements: 1, maxItems: 10, write });

    const results = ["a", "b", "c", "d"].map((item) => add("org", item));
    expect(calls.map((c) => c.items)).toEqual([["a"]]);
    calls[0]!.end();
    await settled();

    expect(calls.map((c) => c.items)).toEqual([["a"], ["b", "c", "d"]]);
    calls[1]!.end();
    expect(await Promise.all(results)).toEqual(["A", "B", "C", "D"]);
  });

  it("puts at most maxItems in one statement", async () => {
    const { calls, write } = controlledWrite();
    const add = batchedWrites({ maxStatements: 1, maxItems: 2, write });

    const results = ["a", "b", "c", "d", "e"].map((item) => add("org", item));
    for (let i = 0; i < 2; i++) {
      calls[i]!.end();
      await settled();
    }

    expect(calls.map((c) => c.items)).toEqual([["a"], ["b", "c"], ["d", "e"]]);
    calls[2]!.end();
    expect(await Promise.all(results)).toEqual(["A", "B", "C", "D", "E"]);
  });

  it("lets keys take turns: a statement takes one key's items, the longest-waiting key first", async () => {
    const { calls, write } = controlledWrite();
    const add = batchedWrites({ maxStatements: 1, maxItems: 1, write });

    const results = [add("org-1", "a"), add("org-1", "b"), add("org-2", "c"), add("org-1", "d")];
    for (let i = 0; i < 3; i++) {
      calls[i]!.end();
      await settled();
    }

    expect(calls.map((c) => [c.key, c.items])).toEqual([
      ["org-1", ["a"]],
      ["org-1", ["b"]],
      ["org-2", ["c"]],
      ["org-1", ["d"]],
    ]);
    calls[3]!.end();
    expect(await Promise.all(results)).toEqual(["A", "B", "C", "D"]);
  });

  it("starts another key's statement at once while fewer than the most are under way", async () => {
    const { calls, write } = controlledWrite();
    const add = batchedWrites({ maxStatements: 2, maxItems: 10, write });

    const results = [add("org-1", "a"), add("org-2", "b")];

    expect(calls.map((c) => [c.key, c.items])).toEqual([
      ["org-1", ["a"]],
      ["org-2", ["b"]],
    ]);
    calls.forEach((c) => c.end());
    expect(await Promise.all(results)).toEqual(["A", "B"]);
  });

  it("writes each item of a failed statement again on its own, so only the one that cannot be written fails", async () => {
    const { calls, write } = controlledWrite((item) => item === "bad");
    const add = batchedWrites({ maxStatements: 1, maxItems: 10, write });

    const first = add("org", "a");
    const rest = ["b", "bad", "c"].map((item) => add("org", item).catch((error: Error) => error.message));
    calls[0]!.end();
    await first;
    await settled();
    calls[1]!.end(); // b, bad, c together: fails
    await settled();

    expect(calls.slice(2).map((c) => c.items)).toEqual([["b"], ["bad"], ["c"]]);
    calls.slice(2).forEach((c) => c.end());
    expect(await Promise.all(rest)).toEqual(["B", "cannot write bad", "C"]);
  });

  it("fails a statement's only item with the statement's error, and goes on with what waits", async () => {
    const { calls, write } = controlledWrite((item) => item === "bad");
    const add = batchedWrites({ maxStatements: 1, maxItems: 10, write });

    const bad = add("org", "bad").catch((error: Error) => error.message);
    const next = add("org", "a");
    calls[0]!.end();

    expect(await bad).toBe("cannot write bad");
    await settled();
    calls[1]!.end();
    expect(await next).toBe("A");
  });

  it("starts afresh once every statement of a key has ended", async () => {
    const { calls, write } = controlledWrite();
    const add = batchedWrites({ maxStatements: 1, maxItems: 10, write });

    const first = add("org", "a");
    calls[0]!.end();
    await first;
    const second = add("org", "b");

    expect(calls.map((c) => c.items)).toEqual([["a"], ["b"]]);
    calls[1]!.end();
    expect(await second).toBe("B");
  });
});
