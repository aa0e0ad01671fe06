import path from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import ApiReferencePage from "@/app/(marketing)/docs/api/page";
import { GET as openapi } from "@/app/api/v1/openapi.json/route";
import { GET as listRoute } from "@/app/api/v1/tickets/route";
import { apiRouteFolders } from "@/lib/http/server/api-route-files.mjs";
import { API_V1 } from "@/lib/schemas/api-v1";
import { apiTokenOf } from "../helpers/api-token";
import { createOrg } from "../helpers/fixtures";
import { resetDatabase } from "../helpers/db";
import { makeRequest, params } from "../helpers/request";

// The OpenAPI document is the public API as the handlers take it: every /api/v1 route and method
// is in it and nothing else, each named schema it refers to is in it, and what it says a
// parameter may be is what the handler accepts.

type Media = { schema: object; example?: unknown; examples?: Record<string, { value: unknown }> };
type Operation = {
  operationId: string;
  parameters: { name: string; in: string; schema: { enum?: string[] } }[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media> }>;
  "x-codeSamples"?: { lang: string; source: string }[];
};
type Document = { openapi: string; paths: Record<string, Record<string, Operation>>; components: { schemas: object } };

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
let doc: Document;

beforeAll(async () => {
  await resetDatabase();
  const res = await openapi(makeRequest("/api/v1/openapi.json"), params());
  expect(res.status).toBe(200);
  doc = (await res.json()) as Document;
});

it("is an OpenAPI 3.1 document anyone may read", () => {
  expect(doc.openapi).toBe("3.1.0");
});

it("describes every /api/v1 route and method, and none that does not exist", async () => {
  const served: string[] = [];
  for (const route of apiRouteFolders(path.join(process.cwd(), "app"))) {
    if (!route.startsWith("/api/v1/") || route === "/api/v1/openapi.json") continue;
    const mod = (await import(path.join(process.cwd(), "app", route, "route.ts"))) as Record<string, unknown>;
    const documented = route.replace(/\[(\w+)\]/g, "{$1}");
    for (const method of METHODS) if (typeof mod[method] === "function") served.push(`${method} ${documented}`);
  }
  const described = Object.entries(doc.paths).flatMap(([p, ops]) =>
    Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`),
  );
  expect(described.sort()).toEqual(served.sort());
});

it("holds every schema its calls refer to", () => {
  const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/(\w+)"/g)].map((m) => m[1]!);
  expect(refs.length).toBeGreaterThan(0);
  expect(refs.filter((id) => !(id in doc.components.schemas))).toEqual([]);
});

it("lists as the list's parameters exactly the fields the handler validates", () => {
  const documented = doc.paths["/api/v1/tickets"]!.get!.parameters.map((p) => p.name).sort();
  expect(documented).toEqual(Object.keys(API_V1.listTickets.query.shape).sort());
});

it("accepts every value the document offers for a parameter, and refuses one it does not", async () => {
  const org = await createOrg("enterprise");
  const { headers } = await apiTokenOf(org.id, ["tickets:read"]);
  const call = async (query: string) =>
    (await listRoute(makeRequest(`/api/v1/tickets?${query}`, { headers }), params())).status;
  for (const { name, schema } of doc.paths["/api/v1/tickets"]!.get!.parameters.filter((p) => p.schema.enum))
    for (const value of schema.enum!) {
      // Best match first needs something to match.
      const search = name === "sort" && value === "relevance" ? "&q=refund" : "";
      expect({ name, value, status: await call(`${name}=${value}${search}`) }).toEqual({ name, value, status: 200 });
    }
  expect(await call("status=nonsense")).toBe(400);
});

const operations = () =>
  Object.entries(doc.paths).flatMap(([p, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path: p, op })),
  );

it("gives every call a curl line with a token, its method and path, and its body when it takes one", () => {
  for (const { method, path: p, op } of operations()) {
    const curl = op["x-codeSamples"]?.find((sample) => sample.lang === "curl")?.source ?? "";
    expect({ id: op.operationId, curl }).toEqual({
      id: op.operationId,
      curl: expect.stringContaining('-H "Authorization: Bearer tkt_..."'),
    });
    expect(curl).toMatch(method === "GET" ? /^curl "/ : new RegExp(`^curl -X ${method} "`));
    expect(curl).toContain(p);
    expect(curl.includes(" -d '")).toBe(!!op.requestBody?.content["application/json"]);
    // An upload sends its file as a form field.
    expect(curl.includes(" -F '")).toBe(!!op.requestBody?.content["multipart/form-data"]);
  }
});

it("gives every answer an example of its own shape, and every body an example its handler accepts", () => {
  for (const { op } of operations()) {
    const [, answer] = Object.entries(op.responses).find(([code]) => code.startsWith("2"))!;
    const call = Object.values(API_V1).find((c) => c.operationId === op.operationId)!;
    const answered = Object.values(answer.content!)[0]!.example;
    // Written from the named schemas' examples: a realistic record, never a placeholder word.
    expect({ id: op.operationId, ok: call.response.safeParse(answered).success }).toEqual({
      id: op.operationId,
      ok: true,
    });
    expect(JSON.stringify(answered)).not.toContain('"string"');
    if (!op.requestBody?.content["application/json"]) continue;
    const example = Object.values(op.requestBody.content["application/json"]!.examples ?? {})[0]?.value;
    const body = call;
    expect({ id: op.operationId, ok: "body" in body && body.body.safeParse(example).success }).toEqual({
      id: op.operationId,
      ok: true,
    });
  }
});

it("names every call on the reference page at /docs/api, with its curl line", () => {
  const html = renderToStaticMarkup(ApiReferencePage());
  const missing = operations().filter(
    ({ op }) => !html.includes(`id="${op.operationId}"`) || !html.includes("Authorization: Bearer tkt_..."),
  );
  expect(missing.map(({ op }) => op.operationId)).toEqual([]);
  for (const { method, path: p } of operations())
    expect(html).toContain(`${method}</span> <span class="font-mono break-all">${p}<`);
});
