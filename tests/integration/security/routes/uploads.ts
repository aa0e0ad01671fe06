import { multipartFile } from "../../kb/kb-fixtures";
import { ROLES, type RouteEntry } from "../route-types";

// Files from the reply box and the portal, and the ticket's CCs (issue 62).
export const UPLOAD_ROUTES: RouteEntry[] = [
  {
    // Staff of the ticket's organisation and its customer (account or portal) upload to it.
    route: "/api/tickets/[id]/attachments",
    method: "POST",
    access: "signed-in",
    scoped: true,
    ok: 201,
    portal: { portal_own: 201, portal_other_email: 404, portal_other_org: 404, portal_none: 401 },
    call: ({ target }) => ({
      params: { id: target.ticket.id },
      ...multipartFile("notes.txt", Buffer.from("matrix upload"), { type: "text/plain" }),
    }),
  },
  {
    route: "/api/tickets/[id]",
    method: "PATCH",
    access: ROLES.staff,
    scoped: true,
    call: ({ target, unique }) => ({ params: { id: target.ticket.id }, body: { cc: [`cc-${unique}@example.com`] } }),
  },
];
