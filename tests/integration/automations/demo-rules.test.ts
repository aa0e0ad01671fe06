import { randomUUID } from "node:crypto";
import { DEMO_SUPPORT_ADDRESS } from "@/lib/site/demo";
import { seedDemoData } from "@/prisma/seed/demo-data";
import { db, resetDatabase } from "../helpers/db";
import { clearJobs, drainJobs } from "../helpers/jobs";
import { startReceiver, useFixedDns } from "../helpers/inbound";
import { startSmtp } from "../helpers/smtp";

// The demo team's rules fire on the demo's mail: what `npm run mail:send` shows a visitor. The
// groups share their new tickets out, so a routed mail also has an assignee among the members.
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  await resetDatabase();
  await clearJobs();
  useFixedDns();
  smtp = await startSmtp();
  receiver = await startReceiver();
  await seedDemoData(db);
});
afterAll(async () => {
  await receiver.close();
  await smtp.stop();
});

async function mail(subject: string, from: string) {
  const raw = [
    `From: ${from}`,
    `To: ${DEMO_SUPPORT_ADDRESS}`,
    `Subject: ${subject}`,
    `Message-ID: <demo-${randomUUID()}@customer.test>`,
    "Date: Mon, 23 Nov 2026 09:12:44 +0000",
    "Content-Type: text/plain; charset=UTF-8",
    "",
    "Hello",
    "",
  ].join("\r\n");
  await receiver.send(Buffer.from(raw), { from, to: [DEMO_SUPPORT_ADDRESS] });
  await drainJobs();
  const ticket = await db.ticket.findFirstOrThrow({
    where: { subject },
    include: { group: { select: { name: true, members: { select: { userId: true } } } } },
  });
  const tags = await db.tag.findMany({ where: { id: { in: ticket.tagIds } }, select: { name: true } });
  const members = ticket.group?.members.map((m) => m.userId) ?? [];
  return {
    priority: ticket.priority,
    group: ticket.group?.name ?? null,
    tags: tags.map((t) => t.name).sort(),
    assigned:
      ticket.assignedToId === null ? "nobody" : members.includes(ticket.assignedToId) ? "a member" : "someone else",
  };
}

it("has three active rules, and a refund mail lands in Billing with priority high and the tag billing", async () => {
  const org = await db.organization.findUniqueOrThrow({ where: { slug: "acme" } });
  expect(await db.automation.count({ where: { organizationId: org.id, active: true } })).toBe(3);
  expect(await mail("Refund for order 1234", "jo@customer.test")).toEqual({
    priority: "high",
    group: "Billing",
    tags: ["billing"],
    assigned: "a member",
  });
  expect(await mail("Checkout is down since noon", "morgan@northwind.example")).toEqual({
    priority: "urgent",
    group: "Technical",
    tags: ["key-account"],
    assigned: "a member",
  });
  expect(await mail("A question about my account", "kim@customer.test")).toEqual({
    priority: "medium",
    group: null,
    tags: [],
    assigned: "nobody",
  });
});
