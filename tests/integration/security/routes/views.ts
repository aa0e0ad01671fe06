import { db } from "../../helpers/db";
import { ROLES, type CallContext, type RouteEntry } from "../route-types";
import { userOf, type Tenant } from "../world";

/** A view of the target organisation, named for the call: shared (ownerId null) or one person's own. */
async function view(target: Tenant, unique: string, ownerId: string | null = null) {
  const position = await db.savedView.count({ where: { organizationId: target.org.id, ownerId } });
  return db.savedView.create({
    data: { organizationId: target.org.id, ownerId, name: `View ${unique}`, filters: { status: "open" }, position },
  });
}

/** Whose own views a call reorders: the caller's at home; elsewhere someone of that organisation (a 404). */
function ownerFor({ world, actor, target, home }: CallContext): string {
  const staff = actor === "agent" || actor === "org_admin" || actor === "platform_admin" || actor === "other_org_admin";
  return staff && target === home ? userOf(world, actor).id : target.users.agent.id;
}

// Saved views: staff keep their own and see the team's shared ones; admins manage the shared ones
// (an agent's change to a shared view is a 403, covered with the rest in tests/integration/views).
export const VIEW_ROUTES: RouteEntry[] = [
  { route: "/api/views", method: "GET", access: ROLES.staff, call: () => ({}) },
  {
    route: "/api/views",
    method: "POST",
    access: ROLES.staff,
    ok: 201,
    call: ({ unique }) => ({ body: { name: `Mine ${unique}`, filters: { priority: "urgent" } } }),
  },
  {
    route: "/api/views/[id]",
    method: "PATCH",
    // Staff reach the service: an agent is refused a shared view of their own team (403), and
    // finds none in another organisation (404), like an admin.
    access: ROLES.staff,
    ok: { agent: 403 },
    scoped: true,
    call: async ({ target, unique }) => ({
      params: { id: (await view(target, unique)).id },
      body: { name: `Renamed ${unique}` },
    }),
  },
  {
    route: "/api/views/[id]",
    method: "DELETE",
    // Staff reach the service: an agent is refused a shared view of their own team (403), and
    // finds none in another organisation (404), like an admin.
    access: ROLES.staff,
    ok: { agent: 403 },
    scoped: true,
    call: async ({ target, unique }) => ({ params: { id: (await view(target, unique)).id } }),
  },
  {
    route: "/api/views/order",
    method: "PUT",
    access: ROLES.staff,
    scoped: true,
    call: async (ctx) => {
      const ownerId = ownerFor(ctx);
      await view(ctx.target, ctx.unique, ownerId);
      const ids = await db.savedView.findMany({
        where: { organizationId: ctx.target.org.id, ownerId },
        orderBy: { position: "desc" },
        select: { id: true },
      });
      return { body: { ids: ids.map((v) => v.id) } };
    },
  },
];
