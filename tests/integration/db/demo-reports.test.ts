import { GET as summary } from "@/app/api/reports/summary/route";
import type { ReportSummary } from "@/lib/schemas/reports";
import { seedDemoData } from "@/prisma/seed/demo-data";
import { db, resetDatabase } from "../helpers/db";
import { sessionCookie } from "../helpers/fixtures";
import { makeRequest, params, readJson } from "../helpers/request";

// The demo's month reads as a plausible month on the Reports page (issue 63): every measure has a
// figure, and none is all good or all bad.
describe("the demo month's report", () => {
  beforeAll(async () => {
    await resetDatabase();
    await seedDemoData(db);
  });
  afterAll(() => db.$disconnect());

  it("has next responses, replies per ticket, one-touch tickets, SLA per target and policy and comments", async () => {
    const admin = await db.user.findFirstOrThrow({ where: { role: "org_admin", organization: { slug: "acme" } } });
    const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10);
    const res = await readJson(
      await summary(
        makeRequest(`/api/reports/summary?from=${day(31)}&to=${day(0)}`, {
          headers: { cookie: await sessionCookie(admin) },
        }),
        params(),
      ),
    );
    expect(res.status).toBe(200);
    const month = res.body as ReportSummary;
    expect(month.solved).toBeGreaterThan(60);
    for (const spread of [month.firstResponseMinutes, month.nextResponseMinutes, month.resolutionMinutes]) {
      expect(spread.median).toBeGreaterThan(0);
      expect(spread.p90).toBeGreaterThan(spread.median!);
    }
    // Most tickets take a reply or two.
    expect(month.agentRepliesPerTicket.median).toBeGreaterThanOrEqual(1);
    expect(month.agentRepliesPerTicket.p90).toBeLessThanOrEqual(3);
    const oneTouch = month.oneTouchSolved / month.solved;
    expect(oneTouch).toBeGreaterThan(0.2);
    expect(oneTouch).toBeLessThan(0.8);
    expect(month.slaByTarget.map((r) => r.target)).toEqual(["first_response", "next_response", "resolution"]);
    // Each target mostly met, some late; each policy's targets mostly met.
    for (const row of month.slaByTarget) {
      expect(row.met).toBeGreaterThan(row.breached);
      expect(row.breached).toBeGreaterThan(0);
    }
    expect(month.slaByPolicy.length).toBeGreaterThan(1);
    for (const row of month.slaByPolicy) expect(row.met).toBeGreaterThan(row.breached);
    expect(month.satisfactionComments).toHaveLength(5);
    expect(month.satisfactionComments.map((c) => c.score)).toContain("good");
  });
});
