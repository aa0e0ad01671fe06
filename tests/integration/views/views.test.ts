// Saved views (issue 62): an agent keeps the list's filters and order under a name, an admin
// shares one with the team; GET /api/views gives each with the number of tickets it lists now.
// Views are on every plan: the pricing page sells none of the list's filters as a feature, and a
// view is only the list's own query kept under a name.
import { GET as list, POST as create } from "@/app/api/views/route";
import { DELETE as remove, PATCH as patch } from "@/app/api/views/[id]/route";
import { PUT as reorder } from "@/app/api/views/order/route";
import { SAVED_VIEW_COUNT_CAP, SAVED_VIEWS_MAX, type SavedView, type SavedViewList } from "@/lib/schemas/views";
import { createUser, freshTwoTenants, sessionCookie, type TwoTenants } from "../helpers/fixtures";
import { db } from "../helpers/db";
import { makeRequest, params } from "../helpers/request";
import { listTickets } from "../helpers/ticket-list";

type User = { id: string; sessionVersion: number };

async function call<T = SavedView & { error?: string }>(
  handler: (req: ReturnType<typeof makeRequest>, ctx: ReturnType<typeof params>) => Promise<Response>,
  user: User,
  path: string,
  method: string,
  body?: unknown,
  values: Record<string, string> = {},
) {
  const res = await handler(
    makeRequest(path, { method, body, headers: { cookie: await sessionCookie(user) } }),
    params(values),
  );
  return { status: res.status, body: (await res.json()) as T & { error?: string } };
}

const save = (user: User, body: unknown) => call(create, user, "/api/views", "POST", body);
const views = (user: User) => call<SavedViewList>(list, user, "/api/views", "GET");
const change = (user: User, id: string, body: unknown) => call(patch, user, `/api/views/${id}`, "PATCH", body, { id });
const drop = (user: User, id: string) => call(remove, user, `/api/views/${id}`, "DELETE", undefined, { id });
const order = (user: User, ids: unknown) => call<SavedViewList>(reorder, user, "/api/views/order", "PUT", { ids });

const HOUR = 3_600_000;
let world: TwoTenants;
let admin: User;
let agent: User;
let agent2: User;
let n = 0;

async function ticket(fields: Record<string, unknown> = {}) {
  n += 1;
  const due = new Date(Date.now() + 10 * HOUR);
  return db.ticket.create({
    data: {
      organizationId: world.org.id,
      ticketNumber: n,
      subject: `Ticket ${n}`,
      description: "d",
      customerName: "c",
      customerEmail: "c@x.test",
      firstResponseDueAt: due,
      resolutionDueAt: due,
      slaRiskAt: new Date(due.getTime() - HOUR),
      ...fields,
    },
  });
}

beforeAll(async () => {
  world = await freshTwoTenants();
  admin = world.users.org_admin;
  agent = world.users.agent;
  agent2 = await createUser(world.org.id, "agent");
  const tag = await db.tag.create({ data: { organizationId: world.org.id, name: "Billing" } });
  await ticket({ priority: "urgent", tagIds: [tag.id], subject: "Refund twice" });
  await ticket({ priority: "urgent", assignedToId: agent.id });
  await ticket({ priority: "low", status: "pending" });
  await ticket({ priority: "urgent", status: "resolved", tagIds: [tag.id] });
  await ticket({
    priority: "high",
    firstResponseDueAt: new Date(Date.now() - HOUR),
    slaRiskAt: new Date(Date.now() - 2 * HOUR),
  });
  // Another organisation's urgent ticket never counts.
  await db.ticket.create({
    data: {
      organizationId: world.other.id,
      ticketNumber: 1,
      subject: "Theirs",
      description: "d",
      customerName: "c",
      customerEmail: "c@x.test",
      priority: "urgent",
    },
  });
});

describe("POST /api/views", () => {
  it("saves an agent's own view with its count (201)", async () => {
    const res = await save(agent, {
      name: "Urgent",
      filters: { priority: "urgent", view: "all-open" },
      sort: "created",
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: "Urgent",
      shared: false,
      filters: { priority: "urgent", view: "all-open" },
      sort: "created",
      position: 0,
      count: 2,
      countCapped: false,
    });
  });

  it("saves a shared view for an admin", async () => {
    const res = await save(admin, { name: "Billing", shared: true, filters: { tag: "billing" } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ shared: true, count: 2, sort: null });
  });

  it("refuses a shared view to an agent (403)", async () => {
    const res = await save(agent, { name: "Team", shared: true });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe("Only admins can change the team's shared views");
  });

  it("refuses customers (403)", async () => {
    expect((await save(world.users.end_user, { name: "Mine" })).status).toBe(403);
  });

  it.each([
    [{}, "Please give the view a name"],
    [{ name: "  " }, "Please give the view a name"],
    [{ name: 7 }, "Please give the view a name"],
    [{ name: "x".repeat(61) }, "Name must be at most 60 characters"],
    [{ name: "Two\nlines" }, "Must be a single line without control characters"],
    [{ name: "A", shared: "yes" }, "shared must be true or false"],
    [{ name: "A", filters: { status: "lost" } }, "Unknown status"],
    [{ name: "A", filters: { sla: "late" } }, "SLA state must be breached or at_risk"],
    [
      { name: "A", filters: { createdFrom: "monday" } },
      "createdFrom must be a date (YYYY-MM-DD), an ISO time, today, or a time ago such as -24h or -7d",
    ],
    [
      { name: "A", filters: { updatedFrom: "2026-12-02", updatedTo: "2026-12-01" } },
      "updatedFrom must not be after updatedTo",
    ],
    [{ name: "A", sort: "random" }, "Unknown sort"],
    [{ name: "A", sort: "relevance" }, "Relevance needs a search"],
  ])("refuses %j (400)", async (body, error) => {
    const res = await save(agent, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(error);
  });

  it("keeps the list's filters only: the page is not a filter", async () => {
    const res = await save(agent, { name: "Paged", filters: { status: "open", cursor: "abc", limit: "5" } });
    expect(res.status).toBe(201);
    expect(res.body.filters).toEqual({ status: "open" });
  });

  it("refuses a name the owner already uses, whatever its case (409)", async () => {
    const res = await save(agent, { name: "urgent" });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('A view named "urgent" already exists');
    // Another agent, and the shared section, may use it.
    expect((await save(agent2, { name: "Urgent" })).status).toBe(201);
    expect((await save(admin, { name: "Urgent", shared: true })).status).toBe(201);
    expect((await save(admin, { name: "URGENT", shared: true })).status).toBe(409);
  });

  it("keeps at most 50 views per person", async () => {
    const user = await createUser(world.org.id, "agent");
    await db.savedView.createMany({
      data: Array.from({ length: SAVED_VIEWS_MAX }, (_, i) => ({
        organizationId: world.org.id,
        ownerId: user.id,
        name: `V${i}`,
        position: i,
      })),
    });
    const res = await save(user, { name: "One more" });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe("You can have at most 50 views of your own. Delete one to add another.");
  });
});

describe("GET /api/views", () => {
  it("lists the team's shared views, then the caller's own, each with its count", async () => {
    const res = await views(agent);
    expect(res.status).toBe(200);
    expect(res.body.canManageShared).toBe(false);
    expect(res.body.max).toBe(SAVED_VIEWS_MAX);
    expect(res.body.views.map((v) => [v.name, v.shared, v.count])).toEqual([
      ["Billing", true, 2],
      ["Urgent", true, 5],
      ["Urgent", false, 2],
      ["Paged", false, 3],
    ]);
    // Another agent's own views are theirs alone.
    expect((await views(agent2)).body.views.map((v) => [v.name, v.shared])).toEqual([
      ["Billing", true],
      ["Urgent", true],
      ["Urgent", false],
    ]);
    expect((await views(admin)).body.canManageShared).toBe(true);
  });

  it("counts exactly what the list lists, filter by filter", async () => {
    const filters = [
      { sla: "breached" },
      { assignee: "none", priority: "urgent" },
      { assignee: agent.id },
      { tag: "billing", view: "all-open" },
      { q: "refund" },
      { tag: "never-used" },
      { view: "my-open" },
      { createdFrom: new Date(Date.now() - HOUR).toISOString().slice(0, 10) },
    ];
    for (const [i, f] of filters.entries()) {
      const saved = await save(agent, { name: `Check ${i}`, filters: f });
      expect(saved.status).toBe(201);
      const listed = await listTickets(
        agent,
        `?${new URLSearchParams(f as unknown as Record<string, string>)}&limit=200`,
      );
      expect([f, saved.body.count]).toEqual([f, listed.body.length]);
      await drop(agent, saved.body.id);
    }
  });

  it("keeps custom field filters, counts by them, and lists nothing once their field is deleted", async () => {
    const field = await db.customField.create({
      data: {
        organizationId: world.org.id,
        key: "plan",
        label: "Plan",
        type: "dropdown",
        options: ["Pro", "Basic"],
        position: 0,
      },
    });
    await ticket({ customFields: { plan: "Pro" } });
    await ticket({ customFields: { plan: "Basic" } });
    const saved = await save(agent, { name: "Pro customers", filters: { "field.plan": "pro" } });
    expect(saved.status).toBe(201);
    expect(saved.body.filters).toEqual({ "field.plan": "pro" });
    const listed = await listTickets(agent, "?field.plan=pro&limit=200");
    expect([saved.body.count, listed.body.length]).toEqual([1, 1]);
    await db.customField.delete({ where: { id: field.id } });
    const after = await views(agent);
    expect(after.body.views.find((v) => v.id === saved.body.id)?.count).toBe(0);
    await drop(agent, saved.body.id);
  });

  it.each([
    [{ "field.nope": "x" }, 'Unknown custom field "nope"'],
    [{ "field.Bad Key": "x" }, 'Unknown filter "field.Bad Key"'],
    [{ colour: "red" }, 'Unknown filter "colour"'],
    [{ "field.plan": "" }, 'The filter on "plan" needs a value'],
  ])("refuses the filters %j (400)", async (filters, error) => {
    const res = await save(agent, { name: "Odd", filters });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(error);
  });

  it("stops counting past 1000 (shown as 1000+)", async () => {
    const org = world.other.id;
    await db.$executeRaw`
      INSERT INTO "Ticket" ("id", "organizationId", "ticketNumber", "subject", "description", "customerName", "customerEmail", "updatedAt")
      SELECT gen_random_uuid()::text, ${org}, 100 + i, 's', 'd', 'c', 'c@x.test', now() FROM generate_series(1, ${SAVED_VIEW_COUNT_CAP + 5}) AS i`;
    const res = await save(world.users.otherAdmin, { name: "Everything", shared: true });
    expect(res.body).toMatchObject({ count: SAVED_VIEW_COUNT_CAP, countCapped: true });
  });

  it("is for staff only (403 for customers)", async () => {
    expect((await views(world.users.end_user)).status).toBe(403);
  });
});

describe("PATCH /api/views/{id}", () => {
  const idOf = async (user: User, name: string, shared: boolean) =>
    (await views(user)).body.views.find((v) => v.name === name && v.shared === shared)!.id;

  it("renames a view and changes its filters and order", async () => {
    const id = await idOf(agent, "Urgent", false);
    const res = await change(agent, id, { name: "Hot", filters: { priority: "low" }, sort: "priority" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "Hot", filters: { priority: "low" }, sort: "priority", count: 1 });
    const back = await change(agent, id, { sort: null });
    expect(back.body.sort).toBeNull();
  });

  it.each([
    [{}, "Nothing to update"],
    [{ name: "" }, "Please give the view a name"],
    [{ filters: { group: "" } }, "Unknown group"],
    [{ sort: "relevance" }, "Relevance needs a search"],
  ])("refuses %j (400)", async (body, error) => {
    const id = await idOf(agent, "Hot", false);
    const res = await change(agent, id, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(error);
  });

  it("refuses a name already used in the section (409)", async () => {
    const id = await idOf(agent, "Hot", false);
    expect((await change(agent, id, { name: "paged" })).status).toBe(409);
    // Its own name in another case is fine.
    expect((await change(agent, id, { name: "HOT" })).body.name).toBe("HOT");
  });

  it("lets an admin change a shared view, not an agent (403)", async () => {
    const id = await idOf(admin, "Billing", true);
    expect((await change(agent, id, { name: "Mine now" })).status).toBe(403);
    const res = await change(admin, id, { name: "Billing, all" });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe("Billing, all");
  });

  it("does not find another agent's view, nor another organisation's (404)", async () => {
    const theirs = await idOf(agent2, "Urgent", false);
    expect((await change(agent, theirs, { name: "Taken" })).status).toBe(404);
    expect((await change(admin, theirs, { name: "Taken" })).status).toBe(404);
    const shared = await idOf(admin, "Billing, all", true);
    const res = await change(world.users.otherAdmin, shared, { name: "Ours" });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe("View not found");
  });
});

describe("PUT /api/views/order", () => {
  it("puts the caller's own views in a new order", async () => {
    const own = (await views(agent)).body.views.filter((v) => !v.shared);
    const ids = own.map((v) => v.id).reverse();
    const res = await order(agent, ids);
    expect(res.status).toBe(200);
    expect(res.body.views.filter((v) => !v.shared).map((v) => v.id)).toEqual(ids);
  });

  it("lets an admin order the shared views, not an agent (403)", async () => {
    const shared = (await views(admin)).body.views.filter((v) => v.shared);
    const ids = shared.map((v) => v.id).reverse();
    expect((await order(agent, ids)).status).toBe(403);
    const res = await order(admin, ids);
    expect(res.body.views.filter((v) => v.shared).map((v) => v.id)).toEqual(ids);
  });

  it("refuses a list that leaves a view out, mixes sections or repeats one (400)", async () => {
    const all = (await views(agent)).body.views;
    const own = all.filter((v) => !v.shared).map((v) => v.id);
    const shared = all.filter((v) => v.shared).map((v) => v.id);
    const left = await order(agent, own.slice(1));
    expect(left.status).toBe(400);
    expect(left.body.error).toBe("List every view of the section once: your own views, or the shared ones");
    expect((await order(admin, [...shared, ...own])).status).toBe(400);
    expect((await order(agent, [...own.slice(0, 1), ...shared])).status).toBe(400);
    expect((await order(agent, [own[0], own[0]])).body.error).toBe("Each view may be listed only once");
    expect((await order(agent, [])).status).toBe(400);
    expect((await order(agent, "abc")).body.error).toBe("ids must be a list of view ids");
  });

  it("does not find another organisation's views (404)", async () => {
    const shared = (await views(admin)).body.views.filter((v) => v.shared).map((v) => v.id);
    expect((await order(world.users.otherAdmin, shared)).status).toBe(404);
  });
});

describe("DELETE /api/views/{id}", () => {
  it("deletes one's own view; the rest close up", async () => {
    const before = (await views(agent)).body.views.filter((v) => !v.shared);
    expect((await drop(agent, before[0]!.id)).status).toBe(200);
    const after = (await views(agent)).body.views.filter((v) => !v.shared);
    expect(after.map((v) => v.id)).toEqual(before.slice(1).map((v) => v.id));
    expect(after.map((v) => v.position)).toEqual(after.map((_, i) => i));
  });

  it("lets an admin delete a shared view, not an agent (403)", async () => {
    const shared = (await views(admin)).body.views.find((v) => v.shared)!;
    expect((await drop(agent, shared.id)).status).toBe(403);
    expect((await drop(world.users.otherAdmin, shared.id)).status).toBe(404);
    expect((await drop(admin, shared.id)).status).toBe(200);
    expect((await drop(admin, shared.id)).status).toBe(404);
  });

  it("does not find another agent's view (404)", async () => {
    const theirs = (await views(agent2)).body.views.find((v) => !v.shared)!;
    expect((await drop(agent, theirs.id)).status).toBe(404);
    expect((await drop(admin, theirs.id)).status).toBe(404);
  });
});
