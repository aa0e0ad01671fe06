import { listener } from "@/lib/server/live-listener";
import { organizationSlaSetups, slaSetup } from "@/lib/services/sla/setup";
import { freshTwoTenants, type TwoTenants } from "../helpers/fixtures";
import { db } from "../helpers/db";
import { until } from "../helpers/session-users";
import { slaPolicyRow } from "./policy-rows";

// A ticket's change reads its organisation's SLA setup (policies, their calendars, the plan) from
// this process's memory. A change written by another process (here: straight to the database) is
// heard on the LISTEN connection and forgets that organisation's setup, never another's.

let world: TwoTenants;
beforeAll(async () => {
  world = await freshTwoTenants();
  await listener.ensure();
  await until(() => organizationSlaSetups.isActive, "this process listens");
});
afterAll(() => listener.stop());

async function kept(organizationId: string) {
  await slaSetup(organizationId);
  expect(organizationSlaSetups.has(organizationId)).toBe(true);
}

it("a new policy is heard: the organisation's setup is read again, with it; another's stays kept", async () => {
  await kept(world.org.id);
  await kept(world.other.id);
  await slaPolicyRow(world.org.id, "Enterprise customers");
  await until(() => !organizationSlaSetups.has(world.org.id), "the setup is forgotten");
  expect(organizationSlaSetups.has(world.other.id)).toBe(true);
  expect((await slaSetup(world.org.id)).policies.map((p) => p.name)).toEqual(["Enterprise customers"]);
});

it("a calendar's new hours are heard", async () => {
  await kept(world.org.id);
  await db.businessCalendar.updateMany({
    where: { organizationId: world.org.id, isDefault: true },
    data: { timeZone: "America/New_York" },
  });
  await until(() => !organizationSlaSetups.has(world.org.id), "the setup is forgotten");
  expect((await slaSetup(world.org.id)).policies[0]!.calendar.timeZone).toBe("America/New_York");
});

it("a plan without SLA policies is heard: the organisation's tickets fall back to the default targets", async () => {
  await kept(world.org.id);
  await db.organization.update({ where: { id: world.org.id }, data: { plan: "free" } });
  await until(() => !organizationSlaSetups.has(world.org.id), "the setup is forgotten");
  expect((await slaSetup(world.org.id)).policies).toEqual([]);
});
