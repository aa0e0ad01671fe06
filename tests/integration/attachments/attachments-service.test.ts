import { createHash } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PLANS } from "@/lib/plans/limits";
import {
  listAttachments,
  openAttachment,
  purgeDeletedAttachments,
  saveAttachments,
} from "@/lib/services/tickets/attachments";
import { diskStorage } from "@/lib/storage/disk-storage";
import { attachmentStorage } from "@/lib/storage";
import { createOrg, createUser } from "../helpers/fixtures";
import { db, resetDatabase } from "../helpers/db";
import { file, portalToken, replyOn, save, ticketFor } from "./attachments-helpers";
import { portalCustomerFromToken } from "@/lib/services/portal/session";
import type { SessionUser } from "@/lib/schemas/session-user";

const MB = 1024 * 1024;
const EXE = Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00", "latin1"), Buffer.alloc(200, 7)]);
const HTML = "<!DOCTYPE html><script>alert(document.cookie)</script>";
const PDF = Buffer.from("%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n");

beforeAll(() => resetDatabase());

async function proTicket(customerEmail = "casey@shop.test") {
  const org = await createOrg("pro");
  return { org, ticket: await ticketFor(org.id, customerEmail) };
}

describe("saveAttachments", () => {
  it("stores each file with a sniffed type, its size and SHA-256, and returns them", async () => {
    const { org, ticket } = await proTicket();
    const result = await save({
      organizationId: org.id,
      ticketId: ticket.id,
      replyId: null,
      files: [
        file("invoice.pdf", EXE),
        file("notes.txt", HTML),
        file("../../etc/passwd\u202Etxt.exe", "plain words"),
        file("report.pdf", PDF),
      ],
    });
    expect(result.skipped).toEqual([]);
    expect(result.saved.map(({ filename, contentType, size }) => ({ filename, contentType, size }))).toEqual([
      { filename: "invoice.pdf", contentType: "application/x-msdownload", size: EXE.length },
      { filename: "notes.txt", contentType: "text/html", size: HTML.length },
      { filename: "passwdtxt.exe", contentType: "text/plain", size: 11 },
      { filename: "report.pdf", contentType: "application/pdf", size: PDF.length },
    ]);
    const row = await db.attachment.findUniqueOrThrow({ where: { id: result.saved[3]!.id } });
    expect(row).toMatchObject({
      organizationId: org.id,
      ticketId: ticket.id,
      replyId: null,
      sha256: createHash("sha256").update(PDF).digest("hex"),
    });
    expect(await attachmentStorage().get(row.storageKey)).toEqual(PDF);
  });

  it("skips the files past the per-message limit and keeps later ones that still fit", async () => {
    const { org, ticket } = await proTicket();
    const result = await save(
      {
        organizationId: org.id,
        ticketId: ticket.id,
        replyId: null,
        files: [file("a.bin", Buffer.alloc(600)), file("b.bin", Buffer.alloc(600)), file("c.bin", Buffer.alloc(300))],
      },
      { maxMessageBytes: 1000 },
    );
    expect(result.saved.map((f) => f.filename)).toEqual(["a.bin", "c.bin"]);
    expect(result.skipped).toEqual([
      {
        filename: "b.bin",
        size: 600,
        reason: "message_limit",
        message: "b.bin (600 B) was not stored: the message's attachments are over 1000 B.",
      },
    ]);
    expect(await db.attachment.count({ where: { ticketId: ticket.id } })).toBe(2);
  });

  it("stores nothing for a plan without attachment storage and says why", async () => {
    const org = await createOrg("free");
    const ticket = await ticketFor(org.id, "casey@shop.test");
    const result = await save({
      organizationId: org.id,
      ticketId: ticket.id,
      replyId: null,
      files: [file("a.pdf", PDF)],
    });
    expect(result.saved).toEqual([]);
    expect(result.skipped).toEqual([
      expect.objectContaining({
        reason: "storage_limit",
        message: `a.pdf (${PDF.length} B) was not stored: the Free plan keeps no attachments (paid plans do).`,
      }),
    ]);
    expect(await db.storageObject.count({ where: { key: { startsWith: org.id } } })).toBe(0);
  });

  it("lets only one of many concurrent messages take the plan's last free bytes", async () => {
    const org = await createOrg("starter");
    const ticket = await ticketFor(org.id, "casey@shop.test");
    // What the organisation already keeps: the plan's storage but for 1.5 KB.
    await db.attachment.create({
      data: {
        organizationId: org.id,
        ticketId: ticket.id,
        filename: "big.bin",
        contentType: "application/octet-stream",
        size: PLANS.starter.storageMb * MB - 1500,
        sha256: "0".repeat(64),
        storageKey: `${org.id}/already-there`,
      },
    });
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        save({
          organizationId: org.id,
          ticketId: ticket.id,
          replyId: null,
          files: [file(`part-${i}.bin`, Buffer.alloc(1000, i))],
        }),
      ),
    );
    expect(results.filter((r) => r.saved.length === 1)).toHaveLength(1);
    expect(results.flatMap((r) => r.skipped.map((s) => s.reason))).toEqual(Array(5).fill("storage_limit"));
    const [{ used }] = await db.$queryRaw<{ used: bigint }[]>`
      SELECT SUM("size")::bigint AS "used" FROM "Attachment" WHERE "organizationId" = ${org.id}`;
    expect(Number(used)).toBeLessThanOrEqual(PLANS.starter.storageMb * MB);
  });

  it("refuses a ticket or reply of another organisation and stores nothing", async () => {
    const { org, ticket } = await proTicket();
    const other = await proTicket();
    const otherReply = await replyOn(other.ticket, "public");
    await expect(
      save({ organizationId: org.id, ticketId: other.ticket.id, replyId: null, files: [file("a.pdf", PDF)] }),
    ).rejects.toMatchObject({ code: "not_found" });
    await expect(
      save({ organizationId: org.id, ticketId: ticket.id, replyId: otherReply.id, files: [file("a.pdf", PDF)] }),
    ).rejects.toMatchObject({ code: "not_found" });
    expect(await db.attachment.count({ where: { organizationId: org.id } })).toBe(0);
  });

  it("rolls the stored bytes back with the caller's transaction", async () => {
    const { org, ticket } = await proTicket();
    await expect(
      db.$transaction(async (tx) => {
        await saveAttachments(tx, {
          organizationId: org.id,
          ticketId: ticket.id,
          replyId: null,
          files: [file("a.pdf", PDF)],
        });
        throw new Error("the message failed after its files");
      }),
    ).rejects.toThrow("the message failed after its files");
    expect(await db.attachment.count({ where: { organizationId: org.id } })).toBe(0);
    expect(await db.storageObject.count({ where: { key: { startsWith: `${org.id}/` } } })).toBe(0);
  });
});

describe("who sees which files", () => {
  it("gives staff every file, customers only those of the first message and public replies", async () => {
    const org = await createOrg("pro");
    const agent = await createUser(org.id, "agent");
    const customer = await createUser(org.id, "end_user");
    const ticket = await ticketFor(org.id, customer.email);
    const pub = await replyOn(ticket, "public", customer.email);
    const note = await replyOn(ticket, "internal");
    await save({ organizationId: org.id, ticketId: ticket.id, replyId: null, files: [file("first.txt", "1")] });
    await save({ organizationId: org.id, ticketId: ticket.id, replyId: pub.id, files: [file("public.txt", "2")] });
    const hidden = await save({
      organizationId: org.id,
      ticketId: ticket.id,
      replyId: note.id,
      files: [file("note.txt", "3")],
    });

    const names = (rows: { filename: string }[]) => rows.map((r) => r.filename);
    const sessionUser = (u: typeof agent): SessionUser => ({
      id: u.id,
      organizationId: u.organizationId,
      role: u.role,
      email: u.email,
      fullName: u.fullName,
      username: u.username,
      avatar: u.avatar,
      isActive: u.isActive,
      availability: u.availability,
      sessionVersion: u.sessionVersion,
    });
    expect(names(await listAttachments({ kind: "staff", user: sessionUser(agent) }, ticket.id))).toEqual([
      "first.txt",
      "public.txt",
      "note.txt",
    ]);
    expect(names(await listAttachments({ kind: "end_user", user: sessionUser(customer) }, ticket.id))).toEqual([
      "first.txt",
      "public.txt",
    ]);
    const portal = (await portalCustomerFromToken(org.slug, await portalToken(org.id, customer.email)))!;
    expect(names(await listAttachments({ kind: "portal", customer: portal }, ticket.id))).toEqual([
      "first.txt",
      "public.txt",
    ]);
    await expect(openAttachment({ kind: "portal", customer: portal }, hidden.saved[0]!.id)).rejects.toMatchObject({
      code: "not_found",
    });
    const stranger = (await portalCustomerFromToken(org.slug, await portalToken(org.id, "someone@else.test")))!;
    await expect(listAttachments({ kind: "portal", customer: stranger }, ticket.id)).rejects.toMatchObject({
      code: "not_found",
    });
  });
});

describe("deleting a ticket", () => {
  it("deletes its attachment rows at once and their stored bytes with the next purge", async () => {
    const { org, ticket } = await proTicket();
    const { saved } = await save({
      organizationId: org.id,
      ticketId: ticket.id,
      replyId: null,
      files: [file("a.pdf", PDF), file("b.txt", "words")],
    });
    const keys = (await db.attachment.findMany({ where: { ticketId: ticket.id } })).map((a) => a.storageKey);
    await db.ticket.delete({ where: { id: ticket.id } });

    expect(await db.attachment.count({ where: { id: { in: saved.map((s) => s.id) } } })).toBe(0);
    expect((await db.storageDeletion.findMany({ where: { key: { in: keys } } })).map((d) => d.key).sort()).toEqual(
      [...keys].sort(),
    );
    expect(await purgeDeletedAttachments()).toBeGreaterThanOrEqual(2);
    expect(await db.storageObject.count({ where: { key: { in: keys } } })).toBe(0);
    expect(await db.storageDeletion.count({ where: { key: { in: keys } } })).toBe(0);
  });
});

describe("disk storage", () => {
  let dir: string;
  beforeAll(async () => (dir = await mkdtemp(path.join(tmpdir(), "ticketry-attachments-"))));
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("puts, gets and deletes files under its folder only", async () => {
    const storage = diskStorage(dir);
    await storage.put("org-1/file-1", PDF);
    expect(await storage.get("org-1/file-1")).toEqual(PDF);
    expect(await readdir(path.join(dir, "org-1"))).toEqual(["file-1"]);
    await storage.delete("org-1/file-1");
    await storage.delete("org-1/file-1");
    expect(await storage.get("org-1/file-1")).toBeNull();
    await expect(storage.put("../escape/x", PDF)).rejects.toThrow("Invalid storage key");
    await expect(storage.get("org-1/../../x")).rejects.toThrow("Invalid storage key");
  });

  it("is what the service uses when ATTACHMENTS_STORAGE=disk", async () => {
    process.env.ATTACHMENTS_STORAGE = "disk";
    process.env.ATTACHMENTS_DIR = dir;
    try {
      const { org, ticket } = await proTicket();
      const { saved } = await save({
        organizationId: org.id,
        ticketId: ticket.id,
        replyId: null,
        files: [file("a.pdf", PDF)],
      });
      const row = await db.attachment.findUniqueOrThrow({ where: { id: saved[0]!.id } });
      expect(await db.storageObject.count({ where: { key: row.storageKey } })).toBe(0);
      expect(await readdir(path.join(dir, org.id))).toHaveLength(1);
      expect(await db.storageDeletion.count({ where: { key: row.storageKey } })).toBe(0);
    } finally {
      delete process.env.ATTACHMENTS_STORAGE;
      delete process.env.ATTACHMENTS_DIR;
    }
  });

  it("purges the file of a message rolled back after writing it to disk, once no transaction can still commit", async () => {
    process.env.ATTACHMENTS_STORAGE = "disk";
    process.env.ATTACHMENTS_DIR = dir;
    try {
      const { org, ticket } = await proTicket();
      await expect(
        db.$transaction(async (tx) => {
          await saveAttachments(tx, {
            organizationId: org.id,
            ticketId: ticket.id,
            replyId: null,
            files: [file("a.pdf", PDF)],
          });
          throw new Error("the message failed after its files");
        }),
      ).rejects.toThrow("the message failed after its files");
      const [left] = await readdir(path.join(dir, org.id));
      const key = `${org.id}/${left}`;
      expect(await db.storageDeletion.count({ where: { key } })).toBe(1);

      await purgeDeletedAttachments();
      expect(await readdir(path.join(dir, org.id))).toEqual([left]);
      await purgeDeletedAttachments(200, new Date(Date.now() + 2 * 60 * 60_000));
      expect(await readdir(path.join(dir, org.id))).toEqual([]);
      expect(await db.storageDeletion.count({ where: { key } })).toBe(0);
    } finally {
      delete process.env.ATTACHMENTS_STORAGE;
      delete process.env.ATTACHMENTS_DIR;
    }
  });
});
