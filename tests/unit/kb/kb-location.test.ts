import { isKbSection, kbSectionOf, kbViewOf, type KbView } from "@/components/kb/kb-location";

describe("the knowledge base's place in /app's hash", () => {
  const views: [string, KbView][] = [
    ["knowledge-base", { page: "articles" }],
    ["knowledge-base/new", { page: "new" }],
    ["knowledge-base/articles/0193-abc", { page: "article", id: "0193-abc" }],
    ["knowledge-base/insights", { page: "insights" }],
    ["knowledge-base/categories", { page: "categories" }],
    ["knowledge-base/settings", { page: "settings" }],
  ];

  it.each(views)("%s is read and written back the same", (section, view) => {
    expect(kbViewOf(section)).toEqual(view);
    expect(kbSectionOf(view)).toBe(section);
  });

  it("reads anything else under it as the articles", () => {
    for (const section of ["knowledge-base/articles", "knowledge-base/nonsense", "knowledge-base/articles/"])
      expect(kbViewOf(section)).toEqual({ page: "articles" });
  });

  it("escapes an id that is not a plain word, and reads it back", () => {
    const view: KbView = { page: "article", id: "a/b c" };
    expect(kbSectionOf(view)).toBe("knowledge-base/articles/a%2Fb%20c");
    expect(kbViewOf(kbSectionOf(view))).toEqual(view);
  });

  it("tells its sections from the queues' and other pages'", () => {
    expect(isKbSection("knowledge-base")).toBe(true);
    expect(isKbSection("knowledge-base/new")).toBe(true);
    expect(isKbSection("knowledge-based")).toBe(false);
    expect(isKbSection("all-open")).toBe(false);
    expect(isKbSection("")).toBe(false);
  });
});
