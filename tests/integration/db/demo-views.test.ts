import { GET as views } from "@/app/api/views/route";
import type { SavedViewList } from "@/lib/schemas/views";
import { seedDemoData } from "@/prisma/seed/demo-data";
import { sessionCookie } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { makeRequest, params } from "../helpers/request";

// The demo team shares two views, each listing some of the demo's tickets.

beforeAll(async () => {
  await resetDatabase();
  await seedDemoData(db);
});

it("shares two views that hold demo tickets", async () => {
  const org = await db.organization.findUniqueOrThrow({ where: { slug: "acme" } });
  const agent = await db.user.findFirstOrThrow({ where: { organizationId: org.id, role: "agent" } });
  const res = await views(makeRequest("/api/views", { headers: { cookie: await sessionCookie(agent) } }), params());
  const body = (await res.json()) as SavedViewList;
  expect(body.views.map((v) => [v.name, v.shared])).toEqual([
    ["Billing, most urgent first", true],
    ["SLA breached", true],
  ]);
  expect(body.views.map((v) => [v.name, v.count > 0])).toEqual([
    ["Billing, most urgent first", true],
    ["SLA breached", true],
  ]);
  // Seeding again adds nothing.
  await seedDemoData(db);
  expect(await db.savedView.count({ where: { organizationId: org.id } })).toBe(2);
});
