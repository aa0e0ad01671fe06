import { productionConfigProblems } from "@/lib/server/env";

describe("production configuration check", () => {
  const good = { NODE_ENV: "production", NEXTAUTH_SECRET: "x".repeat(32), DATABASE_URL: "postgresql://db/app" };

  it("accepts a complete production configuration", () => {
    expect(productionConfigProblems(good)).toEqual([]);
  });

  it("refuses production without a secret, with a short one, or without a database", () => {
    expect(productionConfigProblems({ ...good, NEXTAUTH_SECRET: undefined })).toEqual([
      expect.stringContaining("NEXTAUTH_SECRET is not set"),
    ]);
    expect(productionConfigProblems({ ...good, NEXTAUTH_SECRET: "short" })).toEqual([
      expect.stringContaining("too short"),
    ]);
    expect(productionConfigProblems({ ...good, DATABASE_URL: undefined })).toEqual(["DATABASE_URL is not set."]);
  });

  it("refuses an attachment store it does not know", () => {
    expect(productionConfigProblems({ ...good, ATTACHMENTS_STORAGE: "s3" })).toEqual([
      "ATTACHMENTS_STORAGE must be postgres or disk.",
    ]);
    expect(productionConfigProblems({ ...good, ATTACHMENTS_STORAGE: "disk" })).toEqual([]);
  });

  it("refuses a guessable inbound webhook secret, and runs without one (no webhook)", () => {
    expect(productionConfigProblems({ ...good, INBOUND_WEBHOOK_SECRET: "short" })).toEqual([
      expect.stringContaining("INBOUND_WEBHOOK_SECRET is too short"),
    ]);
    expect(productionConfigProblems({ ...good, INBOUND_WEBHOOK_SECRET: "w".repeat(32) })).toEqual([]);
  });

  it("lets development run on its defaults", () => {
    expect(productionConfigProblems({ NODE_ENV: "development" })).toEqual([]);
  });
});
