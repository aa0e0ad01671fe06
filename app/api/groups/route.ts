import { json } from "@/lib/http/server/respond";
import { route } from "@/lib/http/server/route";
import { groupInputSchema } from "@/lib/schemas/groups";
import { createGroup, listGroups } from "@/lib/services/groups/groups";

// GET /api/groups - the organisation's groups of agents with their members (staff: agents filter and route by them).
export const GET = route({ permission: "groups.read" }, ({ user }) => listGroups(user));

// POST /api/groups - create a group with its members, assignment mode and cap (admins).
export const POST = route({ permission: "groups.manage", body: groupInputSchema }, async ({ user, body }) =>
  json(await createGroup(user, body), { status: 201 }),
);
