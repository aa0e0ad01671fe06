import { expiryDateBounds, expiryFromDate } from "@/components/settings/api/expiry";
import { SCOPE_DESCRIPTIONS, SCOPE_GROUPS } from "@/components/settings/api/scopes";
import { auditText } from "@/lib/format/audit-text";
import { API_TOKEN_SCOPES, apiTokenInputSchema } from "@/lib/schemas/api-tokens";

// Settings > API's pure parts: the expiry a picked date stands for, the scopes the dialog
// offers, and the activity log's sentences for token changes.

describe("the expiry of a picked date", () => {
  it("is the end of that day where the admin is, as the API takes it", () => {
    const iso = expiryFromDate("2027-01-31")!;
    const local = new Date(iso);
    expect([local.getFullYear(), local.getMonth(), local.getDate()]).toEqual([2027, 0, 31]);
    expect([local.getHours(), local.getMinutes(), local.getSeconds()]).toEqual([23, 59, 59]);
    expect(iso).toMatch(/Z$/);
  });

  it("is none for an empty field, and anything else goes as typed for the schema to refuse", () => {
    expect(expiryFromDate("")).toBeNull();
    expect(expiryFromDate("  ")).toBeNull();
    expect(expiryFromDate("soon")).toBe("soon");
  });

  it("offers today to the last day within two years, each of which the schema accepts", () => {
    const now = new Date();
    const { min, max } = expiryDateBounds(now);
    expect(min).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const accepts = (day: string) =>
      apiTokenInputSchema.safeParse({ name: "x", scopes: ["tickets:read"], expiresAt: expiryFromDate(day) }).success;
    expect(accepts(min)).toBe(true);
    expect(accepts(max)).toBe(true);
  });
});

describe("scopes in the New token dialog", () => {
  it("offers every scope once, reads before writes, each described", () => {
    const offered = SCOPE_GROUPS.flatMap((g) => [...g.scopes]);
    expect([...offered].sort()).toEqual([...API_TOKEN_SCOPES].sort());
    expect(SCOPE_GROUPS.map((g) => g.label)).toEqual(["Read", "Write"]);
    expect(SCOPE_GROUPS[1].scopes).toEqual(["tickets:write"]);
    for (const scope of API_TOKEN_SCOPES) expect(SCOPE_DESCRIPTIONS[scope]).toMatch(/\w/);
  });
});

describe("API token events in the activity log", () => {
  it("names the token and the part of it the list shows", () => {
    const text = (action: string) =>
      auditText({ action, actor: "Ada", metadata: { name: "CRM sync", prefix: "tkt_AbC12345" } });
    expect(text("api_token.created")).toBe('Ada created the API token "CRM sync" (tkt_AbC12345...)');
    expect(text("api_token.revoked")).toBe('Ada revoked the API token "CRM sync" (tkt_AbC12345...)');
  });
});
