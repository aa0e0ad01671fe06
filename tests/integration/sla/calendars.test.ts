import { DELETE as remove, PATCH as patch } from "@/app/api/business-hours/[id]/route";
import { GET as list, POST as create } from "@/app/api/business-hours/route";
import type { Plan } from "@/generated/prisma/enums";
import { calendarSpecs } from "@/lib/services/sla/calendar-specs";
import { createOrg, createUser, freshTwoTenants, sessionCookie, type TwoTenants } from "../helpers/fixtures";
import { db } from "../helpers/db";
import { makeRequest, params } from "../helpers/request";

// Business-hours calendars: admins of a Pro or Enterprise organisation list, create, change and
// delete them. Each organisation has exactly one default (a "24/7" one from the start); a
// calendar that is the default or that SLA policies use cannot be deleted.

type User = { id: string; sessionVersion: number };
type Answer = { status: number; body: Record<string, unknown> };

const as = async (user: User | null): Promise<Record<string, string>> =>
  user ? { cookie: await sessionCookie(user) } : {};
/** The status and the JSON answer (none for a 204). */
const read = async (res: Response): Promise<Answer> => {
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
};

const post = async (user: User | null, body: unknown) =>
  read(await create(makeRequest("/api/business-hours", { method: "POST", body, headers: await as(user) }), params()));
const get = async (user: User | null) =>
  read(await list(makeRequest("/api/business-hours", { headers: await as(user) }), params()));
const change = async (user: User | null, id: string, body: unknown) =>
  read(
    await patch(
      makeRequest(`/api/business-hours/${id}`, { method: "PATCH", body, headers: await as(user) }),
      params({ id }),
    ),
  );
const del = async (user: User | null, id: string) =>
  read(
    await remove(
      makeRequest(`/api/business-hours/${id}`, { method: "DELETE", headers: await as(user) }),
      params({ id }),
    ),
  );

const OFFICE_HOURS = {
  mon: [
    ["09:00", "12:00"],
    ["13:00", "17:30"],
  ],
  tue: [["09:00", "17:30"]],
  wed: [["09:00", "17:30"]],
  thu: [["09:00", "17:30"]],
  fri: [["09:00", "17:00"]],
};
const calendar = (overrides: Record<string, unknown> = {}) => ({
  name: "Office",
  timeZone: "Europe/London",
  hours: OFFICE_HOURS,
  holidays: [{ date: "2026-12-25", yearly: true }],
  isDefault: false,
  ...overrides,
});
const AROUND_THE_CLOCK = Object.fromEntries(
  ["mon", "tue", "wed", "thu", "fri", "sat", "sun"].map((d) => [d, [["00:00", "24:00"]]]),
);

async function adminOf(plan: Plan) {
  const org = await createOrg(plan);
  return { org, admin: await createUser(org.id, "org_admin") };
}
const defaultOf = (organizationId: string) =>
  db.businessCalendar.findFirstOrThrow({ where: { organizationId, isDefault: true } });
/** An SLA policy on the calendar, written straight to the database (its API is another's). */
const policyOn = (organizationId: string, calendarId: string, name: string, position: number) =>
  db.slaPolicy.create({
    data: {
      organizationId,
      name,
      nameKey: name.toLowerCase(),
      position,
      calendarId,
      conditions: { all: [], any: [] },
      targets: {},
    },
  });

let world: TwoTenants;
beforeAll(async () => {
  world = await freshTwoTenants();
});

describe("the 24/7 calendar", () => {
  it("every new organisation has one, its default, open around the clock in UTC", async () => {
    const { admin } = await adminOf("pro");
    expect(await get(admin)).toEqual({
      status: 200,
      body: {
        plan: "pro",
        calendars: [
          {
            id: expect.any(String),
            name: "24/7",
            timeZone: "UTC",
            hours: AROUND_THE_CLOCK,
            holidays: [],
            isDefault: true,
            policies: 0,
            createdAt: expect.any(String),
            updatedAt: expect.any(String),
          },
        ],
      },
    });
  });

  it("is an ordinary calendar otherwise: renamed, edited, and deleted once another is the default", async () => {
    const { org, admin } = await adminOf("pro");
    const always = await defaultOf(org.id);
    const renamed = await change(admin, always.id, { name: "Always open", hours: { sat: [["10:00", "14:00"]] } });
    expect(renamed).toMatchObject({
      status: 200,
      body: { name: "Always open", isDefault: true, hours: { mon: [], sat: [["10:00", "14:00"]], sun: [] } },
    });
    const office = await post(admin, calendar({ isDefault: true }));
    expect(office.status).toBe(201);
    expect(await del(admin, always.id)).toEqual({ status: 204, body: {} });
    expect(await db.businessCalendar.findMany({ where: { organizationId: org.id }, select: { name: true } })).toEqual([
      { name: "Office" },
    ]);
  });
});

describe("POST /api/business-hours", () => {
  it("creates the contract's calendar: closed days filled in, intervals in order; records it", async () => {
    const { org, admin } = await adminOf("pro");
    const res = await post(
      admin,
      calendar({
        hours: {
          ...OFFICE_HOURS,
          mon: [
            ["13:00", "17:30"],
            ["09:00", "12:00"],
          ],
          sat: [],
        },
      }),
    );
    expect(res).toEqual({
      status: 201,
      body: {
        id: expect.any(String),
        name: "Office",
        timeZone: "Europe/London",
        hours: { ...OFFICE_HOURS, sat: [], sun: [] },
        holidays: [{ date: "2026-12-25", yearly: true }],
        isDefault: false,
        policies: 0,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    });
    const stored = await db.businessCalendar.findUniqueOrThrow({ where: { id: res.body.id as string } });
    expect(stored).toMatchObject({ organizationId: org.id, nameKey: "office", isDefault: false });
    expect((await defaultOf(org.id)).name).toBe("24/7");
    const event = await db.auditEvent.findFirst({ where: { targetId: stored.id, action: "business_hours.created" } });
    expect(event).toMatchObject({
      organizationId: org.id,
      actorId: admin.id,
      targetType: "business_hours",
      metadata: { name: "Office" },
    });
  });

  it("holidays and isDefault are optional; a holiday is not yearly unless it says so; zones keep their IANA spelling", async () => {
    const { admin } = await adminOf("enterprise");
    const res = await post(admin, { name: "Plain", timeZone: "Asia/Kolkata", hours: { sun: [["10:00", "24:00"]] } });
    expect(res).toMatchObject({ status: 201, body: { timeZone: "Asia/Kolkata", holidays: [], isDefault: false } });
    expect((await post(admin, calendar({ name: "Cased", timeZone: "europe/london" }))).body.timeZone).toBe(
      "Europe/London",
    );
    const dated = await post(admin, calendar({ name: "Dated", holidays: [{ date: "2027-01-04" }] }));
    expect(dated.body.holidays).toEqual([{ date: "2027-01-04", yearly: false }]);
  });

  it("taking the default moves it from the old one in the same change", async () => {
    const { org, admin } = await adminOf("pro");
    const old = await defaultOf(org.id);
    const res = await post(admin, calendar({ isDefault: true }));
    expect(res).toMatchObject({ status: 201, body: { isDefault: true } });
    expect(await db.businessCalendar.findUniqueOrThrow({ where: { id: old.id } })).toMatchObject({ isDefault: false });
    expect((await get(admin)).body.calendars).toMatchObject([
      { name: "Office", isDefault: true },
      { name: "24/7", isDefault: false },
    ]);
  });

  it("a refused calendar changes nothing, not even the default it would have taken", async () => {
    const { org, admin } = await adminOf("pro");
    await post(admin, calendar());
    const clash = await post(admin, calendar({ name: "OFFICE", isDefault: true }));
    expect(clash).toMatchObject({ status: 409, body: { code: "conflict" } });
    expect((await defaultOf(org.id)).name).toBe("24/7");
    expect(await db.businessCalendar.count({ where: { organizationId: org.id } })).toBe(2);
    expect(await db.auditEvent.count({ where: { organizationId: org.id, action: "business_hours.created" } })).toBe(1);
  });

  it("names are unique in the organisation whatever their case (409), not across organisations", async () => {
    const { admin } = await adminOf("pro");
    expect((await post(admin, calendar({ name: "Support Desk" }))).status).toBe(201);
    expect(await post(admin, calendar({ name: " support desk " }))).toMatchObject({
      status: 409,
      body: { code: "conflict", error: "A calendar with this name already exists" },
    });
    expect((await post(world.users.otherAdmin, calendar({ name: "Support Desk" }))).status).toBe(201);
  });

  const days = (n: number) => Array.from({ length: n }, (_, i) => [`0${i}:00`.slice(-5), `0${i}:30`.slice(-5)]);
  it.each([
    ["no name", { name: "  " }, "name"],
    ["a name over 80 characters", { name: "x".repeat(81) }, "name"],
    ["a name with a line break", { name: "Office\nHours" }, "name"],
    ["an unknown time zone", { timeZone: "Mars/Olympus_Mons" }, "timeZone"],
    ["an offset instead of a zone", { timeZone: "+01:00" }, "timeZone"],
    ["no time zone", { timeZone: undefined }, "timeZone"],
    ["a time that is not HH:MM", { hours: { mon: [["9:00", "17:00"]] } }, "hours.mon.0.0"],
    ["a time past 24:00", { hours: { mon: [["09:00", "24:30"]] } }, "hours.mon.0.1"],
    ["an hour past 23", { hours: { wed: [["25:00", "26:00"]] } }, "hours.wed.0.0"],
    ["minutes past 59", { hours: { mon: [["09:60", "17:00"]] } }, "hours.mon.0.0"],
    ["24:00 as a start", { hours: { fri: [["24:00", "24:00"]], mon: [["09:00", "17:00"]] } }, "hours.fri.0.0"],
    ["an interval that is not a start and an end", { hours: { mon: [["09:00"]] } }, "hours.mon.0"],
    [
      "an interval ending before it starts",
      {
        hours: {
          tue: [
            ["09:00", "12:00"],
            ["17:00", "13:00"],
          ],
        },
      },
      "hours.tue.1",
    ],
    ["an interval ending as it starts", { hours: { tue: [["09:00", "09:00"]] } }, "hours.tue.0"],
    [
      "overlapping intervals",
      {
        hours: {
          mon: [
            ["09:00", "12:00"],
            ["11:00", "13:00"],
          ],
        },
      },
      "hours.mon",
    ],
    ["an unknown day", { hours: { mon: [["09:00", "17:00"]], funday: [["09:00", "17:00"]] } }, "hours"],
    ["more than 10 intervals a day", { hours: { mon: days(11) } }, "hours.mon"],
    ["hours that are not a week", { hours: [["09:00", "17:00"]] }, "hours"],
    ["a holiday that is not a date", { holidays: [{ date: "Christmas" }] }, "holidays.0.date"],
    ["a holiday on a day that does not exist", { holidays: [{ date: "2026-02-30" }] }, "holidays.0.date"],
    ["a holiday date in another format", { holidays: [{ date: "25/12/2026" }] }, "holidays.0.date"],
    [
      "a holiday yearly that is not true or false",
      { holidays: [{ date: "2026-12-25", yearly: "yes" }] },
      "holidays.0.yearly",
    ],
    [
      "the same holiday twice",
      { holidays: [{ date: "2026-12-25" }, { date: "2026-12-26" }, { date: "2026-12-25", yearly: true }] },
      "holidays.2.date",
    ],
    [
      "more than 200 holidays",
      {
        holidays: Array.from({ length: 201 }, (_, i) => ({
          date: new Date(Date.UTC(2027, 0, 1 + i)).toISOString().slice(0, 10),
        })),
      },
      "holidays",
    ],
    ["isDefault that is not true or false", { isDefault: "yes" }, "isDefault"],
  ])("refuses %s with a 400 naming the field", async (_what, overrides, path) => {
    const res = await post(world.users.org_admin, calendar(overrides));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("validation_failed");
    expect((res.body.issues as { path: string }[]).map((i) => i.path)).toContain(path);
    expect(await db.businessCalendar.count({ where: { organizationId: world.org.id } })).toBe(1);
  });

  it("says what is wrong in plain words, naming the day", async () => {
    const issues = async (hours: unknown) =>
      (await post(world.users.org_admin, calendar({ hours }))).body.issues as { path: string; message: string }[];
    expect(await issues({ tue: [["17:00", "13:00"]] })).toEqual([
      { path: "hours.tue.0", message: "Tuesday: an interval must end after it starts." },
    ]);
    expect(
      await issues({
        mon: [
          ["09:00", "12:00"],
          ["11:00", "13:00"],
        ],
      }),
    ).toEqual([{ path: "hours.mon", message: "Monday: 09:00-12:00 and 11:00-13:00 overlap." }]);
    expect(await issues({ sun: [["7:00", "12:00"]] })).toEqual([
      { path: "hours.sun.0.0", message: "Sunday: a time is HH:MM, from 00:00 to 24:00." },
    ]);
    expect(await issues({ sat: [["24:00", "24:00"]] })).toEqual([
      { path: "hours.sat.0.0", message: "Saturday: 24:00 ends a day; an interval cannot start at it." },
    ]);
    expect(await issues({ holiday: [["09:00", "17:00"]], mon: [["09:00", "17:00"]] })).toEqual([
      { path: "hours", message: 'Unknown day "holiday". Use mon, tue, wed, thu, fri, sat or sun.' },
    ]);
  });

  it.each([
    ["every day closed", { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] }],
    ["no day at all", {}],
  ])("refuses a week with no open interval (%s)", async (_what, hours) => {
    const res = await post(world.users.org_admin, calendar({ hours }));
    expect(res).toMatchObject({
      status: 400,
      body: {
        error: "A calendar needs at least one open interval.",
        issues: [{ path: "hours", message: "A calendar needs at least one open interval." }],
      },
    });
  });

  it("accepts 10 intervals a day, intervals that touch, and a day ending at 24:00", async () => {
    const { admin } = await adminOf("pro");
    const res = await post(
      admin,
      calendar({
        hours: {
          mon: days(10),
          tue: [
            ["09:00", "12:00"],
            ["12:00", "24:00"],
          ],
        },
      }),
    );
    expect(res.status).toBe(201);
  });

  it("is for admins: agents and customers get 403, nobody signed in 401", async () => {
    const { org, admin } = await adminOf("pro");
    const agent = await createUser(org.id, "agent");
    const customer = await createUser(org.id, "end_user");
    const platform = await createUser(org.id, "platform_admin");
    expect((await post(agent, calendar())).status).toBe(403);
    expect((await post(customer, calendar())).status).toBe(403);
    expect((await post(null, calendar())).status).toBe(401);
    expect(await db.businessCalendar.count({ where: { organizationId: org.id } })).toBe(1);
    expect((await post(platform, calendar())).status).toBe(201);
    expect((await post(admin, calendar({ name: "Second" }))).status).toBe(201);
  });
});

describe("GET /api/business-hours", () => {
  it("lists the default first, then by name whatever its case, with the policies using each", async () => {
    const { org, admin } = await adminOf("enterprise");
    for (const name of ["zeta", "Alpha", "beta"]) expect((await post(admin, calendar({ name }))).status).toBe(201);
    const beta = await db.businessCalendar.findFirstOrThrow({ where: { organizationId: org.id, name: "beta" } });
    await policyOn(org.id, beta.id, "VIP", 0);
    await policyOn(org.id, beta.id, "Standard", 1);
    const res = await get(admin);
    expect(res.body.plan).toBe("enterprise");
    expect((res.body.calendars as { name: string; policies: number }[]).map((c) => [c.name, c.policies])).toEqual([
      ["24/7", 0],
      ["Alpha", 0],
      ["beta", 2],
      ["zeta", 0],
    ]);
  });

  it("never shows another organisation's calendars; admins only", async () => {
    const { org, admin } = await adminOf("pro");
    await post(world.users.otherAdmin, calendar({ name: "Theirs" }));
    expect((await get(admin)).body.calendars).toMatchObject([{ name: "24/7" }]);
    expect((await get(await createUser(org.id, "agent"))).status).toBe(403);
    expect((await get(await createUser(org.id, "end_user"))).status).toBe(403);
    expect((await get(null)).status).toBe(401);
    expect((await get(await createUser(org.id, "platform_admin"))).status).toBe(200);
  });
});

describe("PATCH /api/business-hours/{id}", () => {
  it("changes the fields sent and keeps the others; records it", async () => {
    const { org, admin } = await adminOf("pro");
    const made = await post(admin, calendar());
    const id = made.body.id as string;
    const res = await change(admin, id, { name: "Office (winter)", holidays: [{ date: "2027-01-01", yearly: true }] });
    expect(res).toEqual({
      status: 200,
      body: {
        ...made.body,
        name: "Office (winter)",
        holidays: [{ date: "2027-01-01", yearly: true }],
        updatedAt: expect.any(String),
      },
    });
    const zone = await change(admin, id, { timeZone: "America/New_York", hours: { sat: [["10:00", "14:00"]] } });
    expect(zone.body).toMatchObject({
      name: "Office (winter)",
      timeZone: "America/New_York",
      hours: { mon: [], sat: [["10:00", "14:00"]] },
    });
    expect(await db.auditEvent.findMany({ where: { targetId: id, action: "business_hours.updated" } })).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          organizationId: org.id,
          actorId: admin.id,
          metadata: { name: "Office (winter)", from: "Office" },
        }),
        expect.objectContaining({ metadata: { name: "Office (winter)" } }),
      ]),
    );
  });

  it("validates a change like a new calendar", async () => {
    const { admin } = await adminOf("pro");
    const id = (await post(admin, calendar())).body.id as string;
    expect(await change(admin, id, { hours: { tue: [["12:00", "11:00"]] } })).toMatchObject({
      status: 400,
      body: { issues: [{ path: "hours.tue.0" }] },
    });
    expect(await change(admin, id, { hours: { sun: [] } })).toMatchObject({
      status: 400,
      body: { issues: [{ path: "hours" }] },
    });
    expect(await change(admin, id, { timeZone: "Europe/Atlantis" })).toMatchObject({
      status: 400,
      body: { issues: [{ path: "timeZone" }] },
    });
    expect((await change(admin, id, {})).status).toBe(400);
    expect((await post(admin, calendar({ name: "Taken" }))).status).toBe(201);
    expect(await change(admin, id, { name: "TAKEN" })).toMatchObject({ status: 409, body: { code: "conflict" } });
    expect(await db.businessCalendar.findUniqueOrThrow({ where: { id } })).toMatchObject({
      name: "Office",
      timeZone: "Europe/London",
    });
  });

  it("making a calendar the default takes it from the old one; unsetting the default is refused", async () => {
    const { org, admin } = await adminOf("pro");
    const always = await defaultOf(org.id);
    const id = (await post(admin, calendar())).body.id as string;
    expect(await change(admin, id, { isDefault: true })).toMatchObject({ status: 200, body: { isDefault: true } });
    expect((await defaultOf(org.id)).id).toBe(id);
    expect(await db.businessCalendar.findUniqueOrThrow({ where: { id: always.id } })).toMatchObject({
      isDefault: false,
    });
    // Asking again changes nothing.
    expect(await change(admin, id, { isDefault: true })).toMatchObject({ status: 200, body: { isDefault: true } });
    expect(await change(admin, id, { isDefault: false })).toMatchObject({
      status: 400,
      body: {
        error: "Make another calendar the default instead.",
        issues: [{ path: "isDefault", message: "Make another calendar the default instead." }],
      },
    });
    // Sending false for a calendar that is not the default is no change.
    expect(await change(admin, always.id, { isDefault: false, name: "Nights too" })).toMatchObject({
      status: 200,
      body: { isDefault: false, name: "Nights too" },
    });
    expect(await db.businessCalendar.count({ where: { organizationId: org.id, isDefault: true } })).toBe(1);
  });

  it("two calendars made the default at once leave exactly one default", async () => {
    const { org, admin } = await adminOf("pro");
    const a = (await post(admin, calendar({ name: "A" }))).body.id as string;
    const b = (await post(admin, calendar({ name: "B" }))).body.id as string;
    const answers = await Promise.all([change(admin, a, { isDefault: true }), change(admin, b, { isDefault: true })]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect(await db.businessCalendar.count({ where: { organizationId: org.id, isDefault: true } })).toBe(1);
  });

  it("another organisation's calendar is a 404 and stays as it was; agents get 403", async () => {
    const theirs = await defaultOf(world.other.id);
    expect((await change(world.users.org_admin, theirs.id, { name: "Mine now" })).status).toBe(404);
    expect((await change(world.users.org_admin, theirs.id, { isDefault: false })).status).toBe(404);
    expect((await change(world.users.org_admin, "no-such-calendar", { name: "x" })).status).toBe(404);
    expect(await db.businessCalendar.findUniqueOrThrow({ where: { id: theirs.id } })).toEqual(theirs);
    const own = await defaultOf(world.org.id);
    expect((await change(world.users.agent, own.id, { name: "x" })).status).toBe(403);
    expect((await change(world.users.end_user, own.id, { name: "x" })).status).toBe(403);
    expect((await change(null, own.id, { name: "x" })).status).toBe(401);
    expect(await change(world.users.platform_admin, own.id, { name: "Around the clock" })).toMatchObject({
      status: 200,
      body: { name: "Around the clock" },
    });
  });
});

describe("DELETE /api/business-hours/{id}", () => {
  it("deletes a calendar nobody uses (204); records it", async () => {
    const { org, admin } = await adminOf("pro");
    const id = (await post(admin, calendar())).body.id as string;
    expect(await del(admin, id)).toEqual({ status: 204, body: {} });
    expect(await db.businessCalendar.findUnique({ where: { id } })).toBeNull();
    expect(await db.auditEvent.findFirst({ where: { targetId: id, action: "business_hours.deleted" } })).toMatchObject({
      organizationId: org.id,
      actorId: admin.id,
      metadata: { name: "Office" },
    });
  });

  it("refuses to delete the default (409)", async () => {
    const { org, admin } = await adminOf("pro");
    const always = await defaultOf(org.id);
    expect(await del(admin, always.id)).toMatchObject({
      status: 409,
      body: {
        code: "conflict",
        error: "This is the default calendar. Make another calendar the default before deleting it.",
      },
    });
    expect(await db.businessCalendar.findUnique({ where: { id: always.id } })).not.toBeNull();
  });

  it("refuses to delete a calendar SLA policies use, naming them (409)", async () => {
    const { org, admin } = await adminOf("pro");
    const id = (await post(admin, calendar())).body.id as string;
    await policyOn(org.id, id, "Standard", 1);
    await policyOn(org.id, id, "VIP", 0);
    expect(await del(admin, id)).toMatchObject({
      status: 409,
      body: {
        code: "conflict",
        error: "Used by the SLA policies VIP, Standard. Choose another calendar for them first.",
      },
    });
    await db.slaPolicy.deleteMany({ where: { organizationId: org.id, name: "Standard" } });
    expect(await del(admin, id)).toMatchObject({
      status: 409,
      body: { error: "Used by the SLA policy VIP. Choose another calendar for it first." },
    });
    expect(await db.businessCalendar.findUnique({ where: { id } })).not.toBeNull();
    expect(await db.auditEvent.count({ where: { targetId: id, action: "business_hours.deleted" } })).toBe(0);
  });

  it("another organisation's calendar is a 404 and stays; agents and customers get 403", async () => {
    const theirs = (await post(world.users.otherAdmin, calendar({ name: "Theirs to keep" }))).body.id as string;
    expect((await del(world.users.org_admin, theirs)).status).toBe(404);
    expect(await db.businessCalendar.findUnique({ where: { id: theirs } })).not.toBeNull();
    const own = (await post(world.users.org_admin, calendar({ name: "Ours to keep" }))).body.id as string;
    expect((await del(world.users.agent, own)).status).toBe(403);
    expect((await del(world.users.end_user, own)).status).toBe(403);
    expect((await del(null, own)).status).toBe(401);
    expect((await del(world.users.platform_admin, own)).status).toBe(204);
  });
});

describe("plan gate", () => {
  it.each(["free", "starter"] as const)("%s: every method is refused with 403 plan_required", async (plan) => {
    const { org, admin } = await adminOf(plan);
    const always = await defaultOf(org.id);
    const refused = { status: 403, body: { code: "plan_required", error: expect.stringContaining("Pro") } };
    expect(await get(admin)).toMatchObject(refused);
    expect(await post(admin, calendar())).toMatchObject(refused);
    expect(await change(admin, always.id, { name: "Renamed" })).toMatchObject(refused);
    expect(await del(admin, always.id)).toMatchObject(refused);
    expect(await db.businessCalendar.findMany({ where: { organizationId: org.id } })).toEqual([always]);
  });

  it.each(["pro", "enterprise"] as const)("%s: calendars are allowed", async (plan) => {
    const { admin } = await adminOf(plan);
    const id = (await post(admin, calendar())).body.id as string;
    expect((await get(admin)).status).toBe(200);
    expect((await change(admin, id, { name: "Renamed" })).status).toBe(200);
    expect((await del(admin, id)).status).toBe(204);
  });
});

describe("calendarSpecs", () => {
  it("reads each of the organisation's calendars as the clock counts with it", async () => {
    const { org, admin } = await adminOf("pro");
    const always = await defaultOf(org.id);
    const office = (await post(admin, calendar())).body.id as string;
    expect(await calendarSpecs(org.id)).toEqual([
      {
        id: always.id,
        name: "24/7",
        isDefault: true,
        spec: { timeZone: "UTC", hours: AROUND_THE_CLOCK, holidays: [] },
      },
      {
        id: office,
        name: "Office",
        isDefault: false,
        spec: {
          timeZone: "Europe/London",
          hours: { ...OFFICE_HOURS, sat: [], sun: [] },
          holidays: [{ date: "2026-12-25", yearly: true }],
        },
      },
    ]);
  });
});
