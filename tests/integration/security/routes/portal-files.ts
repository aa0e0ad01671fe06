import { randomUUID } from "node:crypto";
import { uploadKeyPrefix } from "@/lib/services/tickets/attachments";
import { db } from "../../helpers/db";
import type { RouteEntry } from "../route-types";
import { freshTicket } from "./merge";

// The portal's new-ticket form's files joining the ticket's first message (issue 62).
export const PORTAL_FILE_ROUTES: RouteEntry[] = [
  {
    route: "/api/portal/tickets/[id]/files",
    method: "POST",
    access: "portal",
    portal: { portal_own: 200, portal_other_email: 404, portal_other_org: 404, portal_none: 401 },
    call: async ({ target, unique }) => {
      // A new ticket of the target's customer with a file the customer uploaded to it.
      const ticket = await freshTicket(target, unique);
      const file = await db.attachment.create({
        data: {
          organizationId: target.org.id,
          ticketId: ticket.id,
          filename: "photo.txt",
          contentType: "text/plain",
          size: 5,
          sha256: "0".repeat(64),
          storageKey: `${target.org.id}/${uploadKeyPrefix("customer")}${randomUUID()}`,
          sent: false,
        },
      });
      return { params: { id: ticket.id }, body: { attachmentIds: [file.id] } };
    },
  },
];
