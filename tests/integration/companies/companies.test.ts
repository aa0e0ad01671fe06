import { GET as list, POST as create } from "@/app/api/companies/route";
import { DELETE as remove, GET as show, PATCH as patch } from "@/app/api/companies/[id]/route";
import { DELETE as removeMember, POST as addMember } from "@/app/api/companies/[id]/members/route";
import { GET as ticketCompany } from "@/app/api/tickets/[id]/company/route";
import type { Company, CompanyDetail, CompanyListItem, TicketCompany } from "@/lib/schemas/companies";
import { freshTwoTenants, nextTicketNumber, sessionCookie, type TwoTenants } from "../helpers/fixtures";
import { db } from "../helpers/db";
import { makeRequest, params, readJson } from "../helpers/request";
import { listTickets, postTicket } from "../helpers/ticket-list";

// Companies group a team's customers (issue 62): admins create them with mail domains or add
// people by hand, staff read them, and every ticket of their people carries the company, which
// the customer panel shows and the list filters by. Another organisation's company is a 404.

type User = { id: string; sessionVersion: number };
type Answer<T> = { status: number; body: T & { error?: string } };
const as = <T>(res: { status: number; body: unknown }) => res as Answer<T>;
const headers = async (user: User) => ({ cookie: await sessionCookie(user) });

let world: TwoTenants;
beforeAll(async () => {
  world = await freshTwoTenants();
});
beforeEach(async () => {
  await db.ticket.deleteMany({});
  await db.company.deleteMany({});
});
const admin = () => world.users.org_admin;
const agent = () => world.users.agent;

async function post(user: User, body: unknown) {
  return as<Company>(
    await readJson(
      await create(makeRequest("/api/companies", { method: "POST", body, headers: await headers(user) }), params()),
    ),
  );
}
async function change(user: User, id: string, body: unknown) {
  return readJson(
    await patch(
      makeRequest(`/api/companies/${id}`, { method: "PATCH", body, headers: await headers(user) }),
      params({ id }),
    ),
  );
}
async function detail(user: User, id: string) {
  return as<CompanyDetail>(
    await readJson(await show(makeRequest(`/api/companies/${id}`, { headers: await headers(user) }), params({ id }))),
  );
}
async function del(user: User, id: string) {
  return readJson(
    await remove(
      makeRequest(`/api/companies/${id}`, { method: "DELETE", headers: await headers(user) }),
      params({ id }),
    ),
  );
}
async function member(user: User, id: string, email: string) {
  return readJson(
    await addMember(
      makeRequest(`/api/companies/${id}/members`, { method: "POST", body: { email }, headers: await headers(user) }),
      params({ id }),
    ),
  );
}
async function unmember(user: User, id: string, email: string) {
  return readJson(
    await removeMember(
      makeRequest(`/api/companies/${id}/members?email=${encodeURIComponent(email)}`, {
        method: "DELETE",
        headers: await headers(user),
      }),
      params({ id }),
    ),
  );
}
async function companies(user: User, q = "") {
  return as<{ companies: CompanyListItem[] }>(
    await readJson(await list(makeRequest(`/api/companies${q}`, { headers: await headers(user) }), params())),
  );
}
async function panel(user: User, id: string) {
  return as<TicketCompany>(
    await readJson(
      await ticketCompany(makeRequest(`/api/tickets/${id}/company`, { headers: await headers(user) }), params({ id })),
    ),
  );
}

/** A ticket of the organisation from this customer, written straight to the table (the trigger still runs). */
async function ticket(customerEmail: string, organizationId = world.org.id) {
  return db.ticket.create({
    data: {
      organizationId,
      ticketNumber: await nextTicketNumber(organizationId),
      subject: `From ${customerEmail}`,
      description: "d",
      customerName: customerEmail.split("@")[0]!,
      customerEmail,
    },
  });
}
const companyOf = async (id: string) => (await db.ticket.findUniqueOrThrow({ where: { id } })).companyId;

describe("POST /api/companies", () => {
  it("an admin adds a company; the tickets of its domain join it, others do not, and the log says so", async () => {
    const wile = await ticket("wile@globex.com");
    const road = await ticket("road@acme.test");
    const res = await post(admin(), { name: "Globex", domains: ["Globex.com", "@globex.com"], notes: "Pays yearly" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: "Globex", domains: ["globex.com"], notes: "Pays yearly" });
    expect(await companyOf(wile.id)).toBe(res.body.id);
    expect(await companyOf(road.id)).toBeNull();
    const events = await db.auditEvent.count({ where: { organizationId: world.org.id, action: "company.created" } });
    expect(events).toBeGreaterThanOrEqual(1);
  });

  it("a ticket created later, by the API or straight in the table, gets its customer's company", async () => {
    const { body: globex } = await post(admin(), { name: "Globex", domains: ["globex.com"] });
    const created = await postTicket(agent(), { customerEmail: "Hank@Globex.com", customerName: "Hank" });
    expect(created.status).toBe(201);
    expect(await companyOf(created.body.id as string)).toBe(globex.id);
    expect(await companyOf((await ticket("x@other.test")).id)).toBeNull();
  });

  it.each([
    [{ name: "" }, /Please give the company a name/],
    [{ name: "x".repeat(121) }, /Name must be at most 120 characters/],
    [{ name: "A\nB" }, /single line/],
    [{ name: "Globex", domains: ["not a domain"] }, /Each domain must look like example.com/],
    [{ name: "Globex", domains: ["customer@unknown.invalid"] }, /Each domain must look like example.com/],
    [{ name: "Globex", domains: ["unknown.invalid"] }, /Each domain must look like example.com/],
    [{ name: "Globex", domains: ["gmail.com"] }, /gmail.com is a free mail domain/],
    [{ name: "Globex", domains: ["Outlook.com"] }, /outlook.com is a free mail domain/],
    [{ name: "Globex", domains: "globex.com" }, /domains must be a list of domains/],
    [{ name: "Globex", domains: Array.from({ length: 21 }, (_, i) => `d${i}.test`) }, /at most 20 domains/],
    [{ name: "Globex", notes: "n".repeat(10_001) }, /Notes must be at most 10,000 characters/],
  ])("refuses %j with a 400", async (input, message) => {
    const res = await post(admin(), input);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(message);
  });

  it("keeps notes of exactly 10,000 characters", async () => {
    expect((await post(admin(), { name: "Long", notes: "n".repeat(10_000) })).status).toBe(201);
  });

  it("a name is the organisation's once whatever its case, a domain one company's; another organisation may use both", async () => {
    expect((await post(admin(), { name: "Globex", domains: ["globex.com"] })).status).toBe(201);
    expect(await post(admin(), { name: "GLOBEX" })).toMatchObject({
      status: 409,
      body: { error: 'A company named "GLOBEX" already exists' },
    });
    expect(await post(admin(), { name: "Initech", domains: ["initech.com", "globex.com"] })).toMatchObject({
      status: 409,
      body: { error: "globex.com already belongs to Globex" },
    });
    expect((await post(world.users.otherAdmin, { name: "Globex", domains: ["globex.com"] })).status).toBe(201);
  });

  it("agents and customers may not add companies; nobody signed in is a 401", async () => {
    expect((await post(agent(), { name: "Globex" })).status).toBe(403);
    expect((await post(world.users.end_user, { name: "Globex" })).status).toBe(403);
    const anonymous = await create(makeRequest("/api/companies", { method: "POST", body: { name: "G" } }), params());
    expect(anonymous.status).toBe(401);
  });
});

describe("GET /api/companies", () => {
  it("staff list the organisation's companies by name with their counts, searched by name or domain", async () => {
    const { body: globex } = await post(admin(), { name: "Globex", domains: ["globex.com"] });
    await post(admin(), { name: "acme", domains: ["acme.test"] });
    await post(world.users.otherAdmin, { name: "Elsewhere" });
    await ticket("a@globex.com");
    await ticket("b@globex.com");
    await member(admin(), globex.id, "boss@gmail.com");
    const all = await companies(agent());
    expect(all.status).toBe(200);
    expect(all.body.companies.map((c: { name: string }) => c.name)).toEqual(["acme", "Globex"]);
    expect(all.body.companies[1]).toMatchObject({ tickets: 2, openTickets: 2, members: 1 });
    const byDomain = await companies(agent(), "?q=acme.te");
    expect(byDomain.body.companies.map((c: { name: string }) => c.name)).toEqual(["acme"]);
    expect((await companies(world.users.end_user)).status).toBe(403);
  });
});

describe("GET, PATCH and DELETE /api/companies/{id}", () => {
  it("shows a company's people (seen on tickets and added by hand) and its latest tickets", async () => {
    const { body: globex } = await post(admin(), { name: "Globex", domains: ["globex.com"] });
    await ticket("a@globex.com");
    await ticket("a@globex.com");
    await ticket("b@globex.com");
    await member(admin(), globex.id, "boss@gmail.com");
    const res = await detail(agent(), globex.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "Globex", totalTickets: 3, openTickets: 3 });
    expect(res.body.members.map((m: { email: string }) => m.email)).toEqual(["boss@gmail.com"]);
    expect(res.body.people).toEqual([
      { email: "a@globex.com", name: "a", tickets: 2, addedByHand: false },
      { email: "b@globex.com", name: "b", tickets: 1, addedByHand: false },
      { email: "boss@gmail.com", name: null, tickets: 0, addedByHand: true },
    ]);
    expect(res.body.recentTickets).toHaveLength(3);
  });

  it("changing the domains moves the tickets: added ones join, removed ones leave", async () => {
    const { body: globex } = await post(admin(), { name: "Globex", domains: ["globex.com"] });
    const old = await ticket("a@globex.com");
    const fresh = await ticket("a@globex.co.uk");
    const res = await change(admin(), globex.id, { domains: ["globex.co.uk"], name: "Globex Corp", notes: "VIP" });
    expect(res).toMatchObject({ status: 200, body: { name: "Globex Corp", domains: ["globex.co.uk"], notes: "VIP" } });
    expect(await companyOf(old.id)).toBeNull();
    expect(await companyOf(fresh.id)).toBe(globex.id);
  });

  it.each([
    [{}, /Nothing to change/],
    [{ name: " " }, /Please give the company a name/],
    [{ domains: ["yahoo.com"] }, /yahoo.com is a free mail domain/],
    [{ notes: 5 }, /Notes must be text/],
  ])("PATCH refuses %j with a 400", async (input, message) => {
    const { body: globex } = await post(admin(), { name: "Globex" });
    const res = await change(admin(), globex.id, input);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(message);
  });

  it("renaming onto another company's name or taking its domain is a 409", async () => {
    await post(admin(), { name: "Globex", domains: ["globex.com"] });
    const { body: initech } = await post(admin(), { name: "Initech" });
    expect((await change(admin(), initech.id, { name: "globex" })).status).toBe(409);
    expect((await change(admin(), initech.id, { domains: ["globex.com"] })).status).toBe(409);
    // Its own name in another case is fine.
    expect((await change(admin(), initech.id, { name: "INITECH" })).status).toBe(200);
  });

  it("deleting a company keeps its tickets, without a company", async () => {
    const { body: globex } = await post(admin(), { name: "Globex", domains: ["globex.com"] });
    const t = await ticket("a@globex.com");
    await member(admin(), globex.id, "boss@gmail.com");
    expect(await del(admin(), globex.id)).toMatchObject({ status: 200, body: { ok: true } });
    expect(await companyOf(t.id)).toBeNull();
    expect(await db.ticket.count({ where: { id: t.id } })).toBe(1);
    expect(await db.companyMember.count({})).toBe(0);
    expect((await detail(admin(), globex.id)).status).toBe(404);
  });

  it("agents read but do not change or delete; another organisation's company is a 404 to everyone", async () => {
    const { body: globex } = await post(admin(), { name: "Globex" });
    expect((await detail(agent(), globex.id)).status).toBe(200);
    expect((await change(agent(), globex.id, { notes: "x" })).status).toBe(403);
    expect((await del(agent(), globex.id)).status).toBe(403);
    expect((await detail(world.users.end_user, globex.id)).status).toBe(403);
    const other = world.users.otherAdmin;
    expect((await detail(other, globex.id)).status).toBe(404);
    expect((await change(other, globex.id, { notes: "x" })).status).toBe(404);
    expect((await del(other, globex.id)).status).toBe(404);
    expect((await member(other, globex.id, "a@b.test")).status).toBe(404);
    expect((await db.company.findUniqueOrThrow({ where: { id: globex.id } })).notes).toBe("");
  });
});

describe("/api/companies/{id}/members", () => {
  it("a hand-added address joins the company and wins over its domain's company; removing it falls back", async () => {
    const { body: globex } = await post(admin(), { name: "Globex", domains: ["globex.com"] });
    const { body: initech } = await post(admin(), { name: "Initech" });
    const t = await ticket("peter@globex.com");
    expect(await companyOf(t.id)).toBe(globex.id);
    const added = await member(admin(), initech.id, "Peter@Globex.com");
    expect(added).toMatchObject({ status: 201, body: { email: "peter@globex.com" } });
    expect(await companyOf(t.id)).toBe(initech.id);
    expect(await companyOf((await ticket("peter@globex.com")).id)).toBe(initech.id);
    expect(await unmember(admin(), initech.id, "peter@globex.com")).toMatchObject({ status: 200 });
    expect(await companyOf(t.id)).toBe(globex.id);
  });

  it("an address is in one company at most (409); a bad address is a 400; removing one not added is a 404", async () => {
    const { body: globex } = await post(admin(), { name: "Globex" });
    const { body: initech } = await post(admin(), { name: "Initech" });
    expect((await member(admin(), globex.id, "a@b.test")).status).toBe(201);
    expect(await member(admin(), initech.id, "a@b.test")).toMatchObject({
      status: 409,
      body: { error: "a@b.test is already a person of Globex" },
    });
    expect(await member(admin(), initech.id, "not-an-address")).toMatchObject({
      status: 400,
      body: { error: "Please enter a valid email address" },
    });
    expect((await unmember(admin(), initech.id, "a@b.test")).status).toBe(404);
    expect((await member(agent(), globex.id, "c@d.test")).status).toBe(403);
  });
});

describe("the ticket's company and the list filter", () => {
  it("GET /api/tickets/{id}/company shows the company, its other people and tickets, and notes", async () => {
    const { body: globex } = await post(admin(), { name: "Globex", domains: ["globex.com"], notes: "Renews in March" });
    const mine = await ticket("a@globex.com");
    const colleague = await ticket("b@globex.com");
    const res = await panel(agent(), mine.id);
    expect(res.status).toBe(200);
    expect(res.body.company).toMatchObject({
      id: globex.id,
      name: "Globex",
      notes: "Renews in March",
      totalTickets: 2,
    });
    expect(res.body.company!.otherPeople.map((p: { email: string }) => p.email)).toEqual(["b@globex.com"]);
    expect(res.body.company!.recentTickets.map((t: { id: string }) => t.id)).toEqual([colleague.id]);
    const loner = await ticket("someone@else.test");
    expect(await panel(agent(), loner.id)).toMatchObject({ status: 200, body: { company: null } });
    expect((await panel(world.users.otherAdmin, mine.id)).status).toBe(404);
    expect((await panel(world.users.end_user, mine.id)).status).toBe(403);
  });

  it("company=<id> lists only that company's tickets; another organisation's id lists nothing", async () => {
    const { body: globex } = await post(admin(), { name: "Globex", domains: ["globex.com"] });
    const { body: foreign } = await post(world.users.otherAdmin, { name: "Foreign", domains: ["foreign.test"] });
    const a = await ticket("a@globex.com");
    await ticket("x@else.test");
    await ticket("f@foreign.test", world.org.id);
    const res = await listTickets<{ id: string }>(agent(), `?company=${globex.id}`);
    expect(res.status).toBe(200);
    expect(res.body.map((t) => t.id)).toEqual([a.id]);
    expect((await listTickets(agent(), `?company=${foreign.id}`)).body).toEqual([]);
    expect((await listTickets(agent(), `?company=${"x".repeat(65)}`)).status).toBe(400);
  });
});
