import { route } from "@/lib/http/server/route";
import { originalTicketMail } from "@/lib/services/tickets/mail";

// GET /api/tickets/{id}/mail/{messageId} - one received message exactly as it arrived, as a download (staff).
export const GET = route({ permission: "tickets.history" }, async ({ user, params }) => {
  const raw = await originalTicketMail(user, params.id!, params.messageId!);
  // Never rendered by the browser: a download, its type not sniffed.
  return new Response(new Uint8Array(raw), {
    headers: {
      "Content-Type": "message/rfc822",
      "Content-Disposition": 'attachment; filename="original-message.eml"',
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
});
