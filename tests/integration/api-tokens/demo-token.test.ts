import { seedDemoData } from "@/prisma/seed/demo-data";
import { API_TOKEN_PATTERN } from "@/lib/schemas/api-tokens";
import { db, resetDatabase } from "../helpers/db";

// The demo sells the API: after `npm start` its organisation is on Enterprise and Settings > API
// lists one token, whose secret nobody knows (only its hash was stored).

beforeAll(resetDatabase);

it("puts the demo organisation on Enterprise with one read-only token named Status page", async () => {
  await seedDemoData(db);
  const org = await db.organization.findUniqueOrThrow({ where: { slug: "acme" } });
  expect(org.plan).toBe("enterprise");
  const tokens = await db.apiToken.findMany({ where: { organizationId: org.id }, include: { createdBy: true } });
  expect(tokens).toHaveLength(1);
  const [token] = tokens;
  expect(token).toMatchObject({ name: "Status page", scopes: ["tickets:read"], revokedAt: null, expiresAt: null });
  expect(token!.createdBy?.email).toBe("admin@acme.test");
  expect(token!.prefix).toMatch(/^tkt_[0-9A-Za-z]{8}$/);
  expect(API_TOKEN_PATTERN.test(`${token!.prefix}${"0".repeat(32)}`)).toBe(true);
  expect(token!.secretHash).toMatch(/^[0-9a-f]{64}$/);
});
