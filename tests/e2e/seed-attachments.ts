// Seeds a ticket of the organisation with the given slug whose messages carry files, through the attachment
// service as the mail ingestion will call it. Run by attachments-db.ts under the server's module
// conditions; prints the ticket as JSON.
import { saveAttachments } from "@/lib/services/tickets/attachments";
import { db } from "@/lib/server/db";

const [slug, customerEmail, subject] = process.argv.slice(2) as [string, string, string];
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

async function main() {
  const ticket = await db.$transaction(async (tx) => {
    const org = await tx.organization.findUniqueOrThrow({ where: { slug }, select: { id: true } });
    const { lastNumber } = await tx.ticketCounter.update({
      where: { organizationId: org.id },
      data: { lastNumber: { increment: 1 } },
    });
    const due = new Date(Date.now() + 3 * 86_400_000);
    const created = await tx.ticket.create({
      data: {
        organizationId: org.id,
        ticketNumber: lastNumber,
        subject,
        description: "The invoice you sent me does not match my order. Copy attached.",
        customerName: "Riley Files",
        customerEmail,
        raisedByCustomer: true,
        firstResponseDueAt: due,
        resolutionDueAt: due,
        slaRiskAt: due,
      },
    });
    await saveAttachments(tx, {
      organizationId: org.id,
      ticketId: created.id,
      replyId: null,
      files: [
        { filename: "invoice-2026-11.pdf", contentType: "application/pdf", content: PDF },
        {
          filename: "order confirmation (scanned).txt",
          contentType: "text/plain",
          content: Buffer.from("Order 4471: 2 x blender\n"),
        },
      ],
    });
    const reply = await tx.reply.create({
      data: {
        organizationId: org.id,
        ticketId: created.id,
        content: "Here is the page from your website, too.",
        type: "public",
        authorType: "customer",
        authorEmail: customerEmail,
      },
    });
    await saveAttachments(tx, {
      organizationId: org.id,
      ticketId: created.id,
      replyId: reply.id,
      files: [
        {
          filename: "checkout.txt",
          contentType: "text/plain",
          content: Buffer.from("<!doctype html><title>Checkout</title><script>alert(1)</script>"),
        },
      ],
    });
    return created;
  });
  process.stdout.write(JSON.stringify({ id: ticket.id, ticketNumber: ticket.ticketNumber }));
  await db.$disconnect();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
