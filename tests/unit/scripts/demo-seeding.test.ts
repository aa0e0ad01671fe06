import { shouldSeedDemoData } from "@/scripts/lib/demo-seeding.mjs";

describe("npm start seeds demo data", () => {
  it("into the embedded database on its first run", () => {
    expect(shouldSeedDemoData({ setting: undefined, embedded: true, empty: true })).toBe(true);
  });

  it("never into an empty managed database unless asked (its accounts share a published password)", () => {
    expect(shouldSeedDemoData({ setting: undefined, embedded: false, empty: true })).toBe(false);
    expect(shouldSeedDemoData({ setting: "", embedded: false, empty: true })).toBe(false);
  });

  it("into any empty database when SEED_DEMO_DATA=true", () => {
    expect(shouldSeedDemoData({ setting: "true", embedded: false, empty: true })).toBe(true);
  });

  it("never with SEED_DEMO_DATA=false, nor into a database that holds data", () => {
    expect(shouldSeedDemoData({ setting: "false", embedded: true, empty: true })).toBe(false);
    expect(shouldSeedDemoData({ setting: "true", embedded: true, empty: false })).toBe(false);
  });
});
