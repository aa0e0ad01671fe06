import { route } from "@/lib/http/server/route";
import { groupUpdateSchema } from "@/lib/schemas/groups";
import { deleteGroup, updateGroup } from "@/lib/services/groups/groups";

// PATCH /api/groups/{id} - rename, set (memberIds) or add and remove (addMemberIds, removeMemberIds) members, change the assignment mode or cap (admins).
export const PATCH = route({ permission: "groups.manage", body: groupUpdateSchema }, ({ user, params, body }) =>
  updateGroup(user, params.id!, body),
);

// DELETE /api/groups/{id} - delete a group; its tickets stay, ungrouped, with the change in their history (admins).
export const DELETE = route({ permission: "groups.manage" }, ({ user, params }) => deleteGroup(user, params.id!));
