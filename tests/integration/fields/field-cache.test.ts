import { PATCH as updateField } from "@/app/api/fields/[id]/route";
import { POST as createField } from "@/app/api/fields/route";
import { GET as list } from "@/app/api/tickets/route";
import { SessionUserCache } from "@/lib/auth/session-user-cache";
import { HeardCache } from "@/lib/live/heard-cache";
import { Listener } from "@/lib/live/listener";
import { listener } from "@/lib/server/live-listener";
import { organizationFields } from "@/lib/services/fields/field-cache";
import { freshTwoTenants, sessionCookie, type TwoTenants } from "../helpers/fixtures";
import { db } from "../helpers/db";
import { makeRequest, params, readJson } from "../helpers/request";
import { until } from "../helpers/session-users";

// The list reads the organisation's field definitions from memory (knownFields). "A" is this
// process (the route handlers), "B" a second cache with its own LISTEN connection, as another
// server process holds: a field made, changed or deleted is seen by A on its very next request
// and by B as soon as it hears the trigger's notice, never after a timer.

const fieldsB = new HeardCache<unknown>(100);
const listenerB = new Listener({
  users: new SessionUserCache(),
  events: { dispatch: () => {}, resyncAll: () => {} },
  counts: new HeardCache(100),
  setups: [fieldsB],
});

let world: TwoTenants;
const admin = async () => ({ cookie: await sessionCookie(world.users.org_admin) });

beforeAll(async () => {
  world = await freshTwoTenants();
  await Promise.all([listener.ensure(), listenerB.ensure()]);
  await until(() => organizationFields.isActive && fieldsB.isActive, "A and B listen");
});
afterAll(async () => {
  await listenerB.stop();
  await listener.stop();
});

/** B has read the organisation's fields: it holds them until it hears of a change. */
function knownToB(organizationId: string) {
  fieldsB.keep(fieldsB.begin(), organizationId, []);
  expect(fieldsB.has(organizationId)).toBe(true);
}

async function listed(query: string) {
  return readJson(
    await list(
      makeRequest(`/api/tickets${query}`, { headers: { cookie: await sessionCookie(world.users.agent) } }),
      params(),
    ),
  );
}

it("a new field is sorted by at once in this process, and B forgets the organisation's fields", async () => {
  // Read (and kept) before the field exists: the key is unknown.
  expect((await listed("?sort=field.seats")).status).toBe(400);
  expect(organizationFields.has(world.org.id)).toBe(true);
  knownToB(world.org.id);
  knownToB(world.other.id);
  const made = await readJson(
    await createField(
      makeRequest("/api/fields", {
        method: "POST",
        headers: await admin(),
        body: { key: "seats", label: "Seats", type: "number" },
      }),
      params(),
    ),
  );
  expect(made.status).toBe(201);
  expect((await listed("?sort=field.seats")).status).toBe(200);
  await until(() => !fieldsB.has(world.org.id), "B forgets the fields");
  // Another organisation's fields stay known.
  expect(fieldsB.has(world.other.id)).toBe(true);
});

it("a field's change is heard by B; one written unannounced is not", async () => {
  const field = await db.customField.create({
    data: { organizationId: world.org.id, key: "notes", label: "Notes", type: "text", position: 5 },
  });
  expect((await listed("?sort=field.notes")).status).toBe(200);
  knownToB(world.org.id);
  await db.$transaction(async (tx) => {
    await tx.$executeRaw`SET LOCAL session_replication_role = replica`;
    await tx.customField.update({ where: { id: field.id }, data: { label: "Unheard" } });
  });
  // Nothing announced it: B still holds what it read (the notice is what keeps B true).
  await listed("?sort=field.notes");
  expect(fieldsB.has(world.org.id)).toBe(true);
  const res = await updateField(
    makeRequest(`/api/fields/${field.id}`, { method: "PATCH", headers: await admin(), body: { label: "Notes" } }),
    params({ id: field.id }),
  );
  expect(res.status).toBe(200);
  await until(() => !fieldsB.has(world.org.id), "B forgets the fields");
});
