// An organisation's active rules are kept in memory per process while nothing can have changed
// them: a ticket change costs no read of them between changes. These tests change rules and
// plans the ways they change (this process's API, another process's write) and require every
// ticket to be routed by the rules as they are.
import { POST as createRule } from "@/app/api/automations/route";
import { organizationRules } from "@/lib/services/automations/active-rules";
import { createOrg, createUser, sessionCookie } from "../helpers/fixtures";
import { db } from "../helpers/db";
import { makeRequest, params, readJson } from "../helpers/request";
import { until } from "../helpers/session-users";
import { postTicket } from "../helpers/ticket-list";
import { anotherProcess } from "../helpers/another-process";

const other = anotherProcess(organizationRules);

const urgentRule = {
  name: "Urgent words",
  when: "ticket_created",
  conditions: { all: [{ field: "subject", operator: "contains", value: "urgent" }], any: [] },
  actions: [{ type: "set_priority", value: "urgent" }],
};

async function team(plan: "pro" | "starter" = "pro") {
  const org = await createOrg(plan);
  return { org, admin: await createUser(org.id, "org_admin"), agent: await createUser(org.id, "agent") };
}

it("reads an organisation's rules once, and a rule saved through this process counts for its next ticket", async () => {
  const { org, admin, agent } = await team();
  expect((await postTicket(agent, { subject: "urgent: before any rule" })).body.priority).toBe("medium");
  // Kept (as "no rules") for the next change.
  expect(organizationRules.has(org.id)).toBe(true);
  const saved = await createRule(
    makeRequest("/api/automations", {
      method: "POST",
      body: urgentRule,
      headers: { cookie: await sessionCookie(admin) },
    }),
    params(),
  );
  expect((await readJson(saved)).status).toBe(201);
  expect((await postTicket(agent, { subject: "urgent: after the rule" })).body.priority).toBe("urgent");
});

it("hears another process's rule changes and plan changes", async () => {
  const { org, agent } = await team();
  expect((await postTicket(agent, { subject: "urgent 1" })).body.priority).toBe("medium");
  expect(organizationRules.has(org.id)).toBe(true);

  // A rule written by another process (a script, another server) is announced and heard.
  await other.query(
    `INSERT INTO "Automation" ("id", "organizationId", "name", "when", "conditions", "actions", "position", "updatedAt")
     VALUES (gen_random_uuid()::text, $1, $2, 'ticket_created', $3, $4, 0, now())`,
    [org.id, urgentRule.name, JSON.stringify(urgentRule.conditions), JSON.stringify(urgentRule.actions)],
  );
  await until(() => !organizationRules.has(org.id), "the new rule is heard");
  expect((await postTicket(agent, { subject: "urgent 2" })).body.priority).toBe("urgent");
  expect(organizationRules.has(org.id)).toBe(true);

  // A plan without rules stops them, once heard; moving back starts them again.
  await other.query(`UPDATE "Organization" SET "plan" = 'starter' WHERE "id" = $1`, [org.id]);
  await until(() => !organizationRules.has(org.id), "the downgrade is heard");
  expect((await postTicket(agent, { subject: "urgent 3" })).body.priority).toBe("medium");
  await other.query(`UPDATE "Organization" SET "plan" = 'pro' WHERE "id" = $1`, [org.id]);
  await until(() => !organizationRules.has(org.id), "the upgrade is heard");
  expect((await postTicket(agent, { subject: "urgent 4" })).body.priority).toBe("urgent");

  // Switched off elsewhere: heard, and no longer run.
  await other.query(`UPDATE "Automation" SET "active" = false WHERE "organizationId" = $1`, [org.id]);
  await until(() => !organizationRules.has(org.id), "the switch is heard");
  expect((await postTicket(agent, { subject: "urgent 5" })).body.priority).toBe("medium");
  expect(await db.ticket.count({ where: { organizationId: org.id, priority: "urgent" } })).toBe(2);
});
