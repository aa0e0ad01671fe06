import {
  acceptInboundMessage,
  INBOUND_JOB,
  isDeliverableAddress,
  recipientsAccepted,
} from "@/lib/services/mail/inbound/accept";
import { createOrg } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { clearJobs, queuedJobs } from "../helpers/jobs";

let orgA: Awaited<ReturnType<typeof createOrg>>;
let orgB: Awaited<ReturnType<typeof createOrg>>;

beforeAll(async () => {
  await resetDatabase();
  orgA = await createOrg("pro");
  orgB = await createOrg("pro");
  const verifiedAt = new Date();
  await db.supportEmail.createMany({
    data: [
      { organizationId: orgA.id, email: "help@a.test", displayName: "A help", verifiedAt },
      { organizationId: orgA.id, email: "sales@a.test", displayName: "A sales", verifiedAt },
      { organizationId: orgB.id, email: "help@b.test", displayName: "B help", verifiedAt },
      { organizationId: orgB.id, email: "unproved@b.test", displayName: "B unproved" },
      { organizationId: orgB.id, email: "off@b.test", displayName: "B off", verifiedAt, isActive: false },
    ],
  });
});
beforeEach(async () => {
  await clearJobs();
  await db.inboundMessage.deleteMany();
});

const mail = (headers: string, body = "Hello") => Buffer.from(`${headers}\r\n\r\n${body}\r\n`);

describe("acceptInboundMessage", () => {
  it("reads only active, verified support addresses and their reply addresses", async () => {
    expect(await isDeliverableAddress("Help@A.test")).toBe(true);
    expect(await isDeliverableAddress("help+sometoken@a.test")).toBe(true);
    expect(await isDeliverableAddress("unproved@b.test")).toBe(false);
    expect(await isDeliverableAddress("off@b.test")).toBe(false);
    expect(await isDeliverableAddress("nobody@a.test")).toBe(false);
    expect(await recipientsAccepted(["help@a.test", "x@y.test", "help@b.test"])).toEqual([
      "help@a.test",
      "help@b.test",
    ]);
  });

  it("refuses mail for no known address and stores nothing", async () => {
    await expect(
      acceptInboundMessage({ raw: mail("Subject: hi"), source: "smtp", recipients: ["unproved@b.test"] }),
    ).rejects.toMatchObject({ code: "not_found" });
    expect(await db.inboundMessage.count()).toBe(0);
    expect(await queuedJobs(INBOUND_JOB)).toEqual([]);
  });

  it("stores once per organisation with one job each, and a second delivery is a duplicate", async () => {
    const raw = mail("Message-ID: <one@client.test>\r\nSubject: hi");
    const recipients = ["help@a.test", "sales@a.test", "help@b.test"];
    expect(await acceptInboundMessage({ raw, source: "smtp", recipients })).toEqual({ stored: 2, duplicates: 0 });
    expect(await acceptInboundMessage({ raw, source: "webhook", recipients })).toEqual({ stored: 0, duplicates: 2 });
    const rows = await db.inboundMessage.findMany({ orderBy: { organizationId: "asc" } });
    expect(rows.map((r) => r.dedupKey)).toEqual(["mid:one@client.test", "mid:one@client.test"]);
    expect(new Set(rows.map((r) => r.organizationId))).toEqual(new Set([orgA.id, orgB.id]));
    expect(Buffer.from(rows[0]!.raw).equals(raw)).toBe(true);
    expect(await queuedJobs(INBOUND_JOB)).toHaveLength(2);
  });

  it("deduplicates mail without a Message-ID by its bytes", async () => {
    const raw = mail("Subject: no id");
    await acceptInboundMessage({ raw, source: "smtp", recipients: ["help@a.test"] });
    expect(await acceptInboundMessage({ raw, source: "smtp", recipients: ["help@a.test"] })).toEqual({
      stored: 0,
      duplicates: 1,
    });
    const other = mail("Subject: no id", "Different body");
    expect(await acceptInboundMessage({ raw: other, source: "smtp", recipients: ["help@a.test"] })).toEqual({
      stored: 1,
      duplicates: 0,
    });
    const keys = (await db.inboundMessage.findMany()).map((r) => r.dedupKey);
    expect(keys.every((k) => /^sha256:[0-9a-f]{64}$/.test(k))).toBe(true);
  });
});
