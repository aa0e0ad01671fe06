import { readdirSync } from "node:fs";
import path from "node:path";
import { apiRouteTable } from "@/lib/http/server/api-route-table.mjs";

const file = (page: string) => `app${page}.js`;
const manifestOf = (pages: string[]) => Object.fromEntries(pages.map((page) => [page, file(page)]));

const table = apiRouteTable(
  manifestOf([
    "/api/[...path]/route",
    "/api/tickets/route",
    "/api/tickets/counts/route",
    "/api/tickets/[id]/route",
    "/api/tickets/[id]/pane/route",
    "/api/tickets/detail/[id]/route",
    "/api/tickets/[id]/mail/[messageId]/route",
    "/api/(internal)/grouped/route",
    "/api/docs/[[...slug]]/route",
    "/(workspace)/app/page",
    "/api/not-a-route/page",
  ]),
);

describe("apiRouteTable", () => {
  it("prefers a fixed segment to a dynamic one", () => {
    expect(table("/api/tickets/counts")).toEqual({ file: file("/api/tickets/counts/route"), params: {} });
    expect(table("/api/tickets")).toEqual({ file: file("/api/tickets/route"), params: {} });
  });

  it("reads dynamic segments as params, at any depth", () => {
    expect(table("/api/tickets/t1")).toEqual({ file: file("/api/tickets/[id]/route"), params: { id: "t1" } });
    expect(table("/api/tickets/t1/pane")).toEqual({ file: file("/api/tickets/[id]/pane/route"), params: { id: "t1" } });
    expect(table("/api/tickets/t1/mail/m-2")).toEqual({
      file: file("/api/tickets/[id]/mail/[messageId]/route"),
      params: { id: "t1", messageId: "m-2" },
    });
    expect(table("/api/tickets/detail/t9")).toEqual({
      file: file("/api/tickets/detail/[id]/route"),
      params: { id: "t9" },
    });
  });

  it("falls back from a fixed segment that leads nowhere to a dynamic one, as Next's ordering does", () => {
    expect(table("/api/tickets/counts/pane")).toEqual({
      file: file("/api/tickets/[id]/pane/route"),
      params: { id: "counts" },
    });
  });

  it("gives the catch-all what nothing else matches, with the rest of the path as its param", () => {
    expect(table("/api/nothing/here")).toEqual({
      file: file("/api/[...path]/route"),
      params: { path: ["nothing", "here"] },
    });
    expect(table("/api/tickets/t1/unknown")).toEqual({
      file: file("/api/[...path]/route"),
      params: { path: ["tickets", "t1", "unknown"] },
    });
  });

  it("leaves route groups out of the path and lets an optional catch-all match its own base", () => {
    expect(table("/api/grouped")).toEqual({ file: file("/api/(internal)/grouped/route"), params: {} });
    expect(table("/api/docs")).toEqual({ file: file("/api/docs/[[...slug]]/route"), params: { slug: [] } });
    expect(table("/api/docs/a/b")).toEqual({ file: file("/api/docs/[[...slug]]/route"), params: { slug: ["a", "b"] } });
  });

  it("knows only API routes", () => {
    expect(table("/app")).toBeNull();
    expect(table("/api/not-a-route")).toEqual({
      file: file("/api/[...path]/route"),
      params: { path: ["not-a-route"] },
    });
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

describe("apiRouteTable over this app's API routes", () => {
  /** The pages Next's build lists for app/api (app-paths-manifest.json): one per route.ts. */
  function appApiPages(dir = path.join(process.cwd(), "app/api")): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const at = path.join(dir, entry.name);
      if (entry.isDirectory()) return appApiPages(at);
      return entry.name === "route.ts" ? [`/${path.relative(path.join(process.cwd(), "app"), dir)}/route`] : [];
    });
  }
  const pages = appApiPages();
  const real = apiRouteTable(manifestOf(pages));

  it("finds the routes", () => {
    expect(pages.length).toBeGreaterThan(50);
  });

  it.each(pages.filter((page) => !page.includes("[...")))("answers %s with its own handler", (page) => {
    // Every dynamic segment filled with a value no fixed segment has.
    const pathname = page.replace(/\/route$/, "").replace(/\[(\w+)\]/g, "v-$1");
    const params = Object.fromEntries([...page.matchAll(/\[(\w+)\]/g)].map(([, name]) => [name, `v-${name}`]));
    expect(real(pathname)).toEqual({ file: file(page), params });
  });
});
