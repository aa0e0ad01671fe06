import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { apiRouteFolders } from "@/lib/http/server/api-route-files.mjs";
import { apiRouteTable } from "@/lib/http/server/api-route-table.mjs";

const table = apiRouteTable([
  "/api/[...path]",
  "/api/tickets",
  "/api/tickets/counts",
  "/api/tickets/[id]",
  "/api/tickets/[id]/pane",
  "/api/tickets/detail/[id]",
  "/api/tickets/[id]/mail/[messageId]",
  "/api/(internal)/grouped",
  "/api/docs/[[...slug]]",
  "/(workspace)/app",
]);

describe("apiRouteTable", () => {
  it("prefers a fixed segment to a dynamic one", () => {
    expect(table("/api/tickets/counts")).toEqual({ route: "/api/tickets/counts", params: {} });
    expect(table("/api/tickets")).toEqual({ route: "/api/tickets", params: {} });
  });

  it("reads dynamic segments as params, at any depth", () => {
    expect(table("/api/tickets/t1")).toEqual({ route: "/api/tickets/[id]", params: { id: "t1" } });
    expect(table("/api/tickets/t1/pane")).toEqual({ route: "/api/tickets/[id]/pane", params: { id: "t1" } });
    expect(table("/api/tickets/t1/mail/m-2")).toEqual({
      route: "/api/tickets/[id]/mail/[messageId]",
      params: { id: "t1", messageId: "m-2" },
    });
    expect(table("/api/tickets/detail/t9")).toEqual({
      route: "/api/tickets/detail/[id]",
      params: { id: "t9" },
    });
  });

  it("falls back from a fixed segment that leads nowhere to a dynamic one, as Next's ordering does", () => {
    expect(table("/api/tickets/counts/pane")).toEqual({
      route: "/api/tickets/[id]/pane",
      params: { id: "counts" },
    });
  });

  it("gives the catch-all what nothing else matches, with the rest of the path as its param", () => {
    expect(table("/api/nothing/here")).toEqual({
      route: "/api/[...path]",
      params: { path: ["nothing", "here"] },
    });
    expect(table("/api/tickets/t1/unknown")).toEqual({
      route: "/api/[...path]",
      params: { path: ["tickets", "t1", "unknown"] },
    });
  });

  it("leaves route groups out of the path and lets an optional catch-all match its own base", () => {
    expect(table("/api/grouped")).toEqual({ route: "/api/(internal)/grouped", params: {} });
    expect(table("/api/docs")).toEqual({ route: "/api/docs/[[...slug]]", params: { slug: [] } });
    expect(table("/api/docs/a/b")).toEqual({ route: "/api/docs/[[...slug]]", params: { slug: ["a", "b"] } });
  });

  it("knows only API routes", () => {
    expect(table("/app")).toBeNull();
    expect(table("/api/not-a-route")).toEqual({ route: "/api/[...path]", params: { path: ["not-a-route"] } });
  });

  it.each([
    ["a trailing slash (Next redirects it)", "/api/tickets/"],
    ["an empty segment", "/api//tickets"],
    ["an escape (Next decodes it)", "/api/tickets/%74"],
    ["a dot segment (Next normalises it)", "/api/./tickets"],
    ["a dot-dot segment", "/api/tickets/../users"],
    ["a path that is not absolute", "api/tickets"],
  ])("leaves %s to Next", (_why, pathname) => {
    expect(table(pathname)).toBeNull();
  });
});

describe("apiRouteFolders", () => {
  let appDir: string;
  beforeAll(() => {
    appDir = mkdtempSync(path.join(tmpdir(), "api-route-files-"));
    for (const file of [
      "api/tickets/route.ts",
      "api/tickets/[id]/route.ts",
      "api/tickets/[id]/helpers.ts",
      "api/(internal)/grouped/route.js",
      "api/[...path]/route.ts",
      "(workspace)/app/page.tsx",
    ]) {
      mkdirSync(path.dirname(path.join(appDir, file)), { recursive: true });
      writeFileSync(path.join(appDir, file), "");
    }
  });
  afterAll(() => rmSync(appDir, { recursive: true, force: true }));

  it("names every route file's folder under app/api, and nothing else", () => {
    expect(apiRouteFolders(appDir)).toEqual([
      "/api/(internal)/grouped",
      "/api/[...path]",
      "/api/tickets",
      "/api/tickets/[id]",
    ]);
  });
});

describe("apiRouteTable over this app's API routes", () => {
  const routes = apiRouteFolders(path.join(process.cwd(), "app"));
  const real = apiRouteTable(routes);

  it("finds the routes", () => {
    expect(routes.length).toBeGreaterThan(50);
  });

  it.each(routes.filter((route) => !route.includes("[...")))("answers %s with its own handler", (route) => {
    // Every dynamic segment filled with a value no fixed segment has.
    const pathname = route.replace(/\[(\w+)\]/g, "v-$1");
    const params = Object.fromEntries([...route.matchAll(/\[(\w+)\]/g)].map(([, name]) => [name, `v-${name}`]));
    expect(real(pathname)).toEqual({ route, params });
  });
});
