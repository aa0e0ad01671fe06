import { sessionCookieName } from "@/lib/auth/session-cookie";
import { portalAuth } from "../helpers/portal-auth";
import { baseCall, callerOf, expectNoServerError, headersFor, TARGETS } from "./hostile-calls";
import type { Call, RouteEntry } from "./route-table";
import { setUpWorld, type World } from "./world";

// Characters PostgreSQL cannot store as sent, on every route: U+0000 and lone surrogates in
// JSON strings, bytes that are not UTF-8 in a body (an overlong NUL, an encoded surrogate, a
// stray byte), NUL and malformed percent-escapes in the query, NUL in a path id. Each is a 4xx
// in the error shape, never a 500; where the route reads that input, a 400 naming the field.

let world: World;
setUpWorld((created) => (world = created));

const BAD_STRINGS = { nul: "a\u0000b", "lone surrogate": "a\uD800b", "lone low surrogate": "b\uDC00a" };
const NOT_UTF8 = { "overlong NUL": [0xc0, 0x80], "encoded surrogate": [0xed, 0xa0, 0x80], "stray byte": [0xff] };
const BAD_QUERIES = {
  nul: "q=a%00b",
  "overlong NUL": "q=%C0%80",
  "cut-off sequence": "q=%E0%80",
  "encoded surrogate": "q=%ED%A0%80",
  "bare percent": "q=100%",
  "percent without hex": "q=%zz",
};

const withBody = TARGETS.filter((e) => e.method !== "GET");
const withParams = TARGETS.filter((e) => e.route.includes("["));

type Leaf = (string | number)[];

/** The path of every string in a JSON value ("ids.0", "invites.0.email"). */
function stringLeaves(value: unknown, at: Leaf = []): Leaf[] {
  if (typeof value === "string") return [at];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringLeaves(v, [...at, i]));
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => stringLeaves(v, [...at, k]));
  return [];
}

function withLeaf(value: unknown, at: Leaf, replacement: string): unknown {
  if (at.length === 0) return replacement;
  const [head, ...rest] = at;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head!] = withLeaf(copy[head!], rest, replacement);
  return copy;
}

type Refusal = { error: string; code: string; issues?: { path: string; message: string }[] };

/** What a check compares: the status, the code and the field the refusal names. */
function refusalOf(status: number, body: unknown) {
  const refusal = body as Refusal | null;
  return { status, code: refusal?.code, field: refusal?.issues?.[0]?.path };
}

async function send(entry: RouteEntry, change: (call: Call) => Call) {
  const call = change(await baseCall(world, entry));
  const { status, body } = await expectNoServerError(entry, call, await headersFor(world, callerOf(entry)));
  return { status, body: body as Refusal | null };
}

describe.each(withBody.map((e) => [e.label, e] as const))("bytes in the body: %s", (_, entry) => {
  it("refuses NUL and lone surrogates in every string of the body, and in a field it does not know, naming it", async () => {
    const base = await baseCall(world, entry);
    const leaves = base.body === undefined ? [["note"]] : [...stringLeaves(base.body), ["note"]];
    for (const leaf of leaves)
      for (const [kind, bad] of Object.entries(BAD_STRINGS)) {
        const field = leaf.join(".");
        const { status, body } = await send(entry, (call) => ({ ...call, body: withLeaf(call.body ?? {}, leaf, bad) }));
        // A route that reads no body (a logout) never looks at one.
        const expected =
          base.body === undefined
            ? refusalOf(status, body)
            : refusalOf(400, { code: "validation_failed", issues: [{ path: field }] });
        expect({ at: field, kind, ...refusalOf(status, body) }).toEqual({ at: field, kind, ...expected });
        if (base.body !== undefined) expect(body?.error).toContain(field);
      }
  });

  it("refuses a body that is not UTF-8 with a 400", async () => {
    const base = await baseCall(world, entry);
    for (const [kind, bytes] of Object.entries(NOT_UTF8)) {
      const rawBody = Buffer.concat([Buffer.from('{"note":"a'), Buffer.from(bytes), Buffer.from('b"}')]);
      const { status, body } = await send(entry, (call) => ({
        ...call,
        body: undefined,
        rawBody,
        headers: { ...call.headers, "content-type": "application/json" },
      }));
      if (base.body !== undefined)
        expect({ kind, status, code: body?.code }).toEqual({ kind, status: 400, code: "bad_request" });
    }
  });
});

describe.each(TARGETS.map((e) => [e.label, e] as const))("bytes in the query: %s", (_, entry) => {
  it("refuses NUL and malformed percent-escapes in the query with a 400 naming the parameter", async () => {
    for (const [kind, rawQuery] of Object.entries(BAD_QUERIES)) {
      const { status, body } = await send(entry, (call) => ({ ...call, rawQuery }));
      expect({ kind, ...refusalOf(status, body) }).toEqual({
        kind,
        status: 400,
        code: "validation_failed",
        field: "q",
      });
      expect(body?.error).toContain('"q"');
    }
  });
});

describe.each(withParams.map((e) => [e.label, e] as const))("bytes in the path: %s", (_, entry) => {
  it("refuses NUL and lone surrogates in a path id with a 400 naming it", async () => {
    const field = /\[(?:\.\.\.)?(\w+)\]/.exec(entry.route)![1];
    for (const [kind, bad] of Object.entries(BAD_STRINGS)) {
      const { status, body } = await send(entry, (call) => ({
        ...call,
        params: Object.fromEntries(Object.keys(call.params ?? {}).map((name) => [name, `${call.params![name]}${bad}`])),
      }));
      expect({ kind, ...refusalOf(status, body) }).toEqual({ kind, status: 400, code: "validation_failed", field });
    }
  });
});

describe("bytes in cookies and tokens", () => {
  // A cookie's value is percent-decoded before it is read: "%00" arrives as U+0000. Cookies and
  // tokens are only ever decrypted or hashed, so such a caller has no session, and no 500.
  const ROUTES = {
    workspace: "GET /api/tickets",
    portal: "GET /api/portal/tickets",
    rating: "POST /api/satisfaction/rating",
  };
  const entryOf = (label: string) => TARGETS.find((e) => e.label === label)!;

  it("answers a session cookie, a portal cookie and a bearer token holding %00 or an encoded surrogate as unknown", async () => {
    const answers: Record<string, number> = {};
    for (const [kind, bad] of Object.entries({ nul: "%00", "encoded surrogate": "%ED%A0%80" })) {
      const headers: Record<string, Record<string, string>> = {
        workspace: { cookie: `${sessionCookieName()}=abc${bad}` },
        portal: portalAuth(world.a.org.slug, `abc${bad}`),
        rating: { authorization: `Bearer abc${bad}` },
      };
      for (const [name, label] of Object.entries(ROUTES)) {
        const entry = entryOf(label);
        const call = await baseCall(world, entry);
        const { status } = await expectNoServerError(
          entry,
          { ...call, headers: { ...call.headers, ...headers[name] } },
          {},
        );
        answers[`${name} ${kind}`] = status;
      }
    }
    expect(answers).toEqual({
      "workspace nul": 401,
      "portal nul": 401,
      "rating nul": 404,
      "workspace encoded surrogate": 401,
      "portal encoded surrogate": 401,
      "rating encoded surrogate": 404,
    });
  });
});
