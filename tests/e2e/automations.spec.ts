import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { createOrgAdmin } from "./db";
import { SCREEN_SIZES, expectNoSidewaysScroll, openInTheme, showTicketDetails, signInAs } from "./helpers";
import { expect, test } from "./team";

// Automations end to end: an admin writes a rule in Settings with the editor (a subject word
// sets the group, a tag and the priority), previews it on a ticket made beforehand, saves it,
// and a new ticket with the word is routed by it, its history naming the rule; switching the
// rule off stops it, and the rules can be moved in their running order. Agents get no tab;
// Free shows the upgrade; past the Pro plan's active rules the form says so. Screens are saved
// at the widths admins use, light and dark (SHOTS_DIR, else test-results/screens).

const SHOTS = process.env.SHOTS_DIR ?? path.join(process.env.TEST_RESULTS_DIR ?? "test-results", "screens");
async function expectNoViolations(page: Page) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  const { violations } = await new AxeBuilder({ page }).exclude('[data-slot="toast"]').analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

type TicketJson = {
  id: string;
  ticketNumber: number;
  priority: string;
  group: { name: string } | null;
  tags: string[];
};

async function freshTicket(page: Page, subject: string) {
  const res = await page.request.post("/api/tickets", {
    data: {
      subject,
      description: "Please have a look",
      customerName: "Casey Jones",
      customerEmail: "casey@example.test",
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as TicketJson;
}

async function groupViaApi(page: Page, name: string) {
  const res = await page.request.post("/api/groups", { data: { name, memberIds: [] } });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: string; name: string };
}

async function ruleViaApi(page: Page, name: string, word: string, active = true) {
  const res = await page.request.post("/api/automations", {
    data: {
      name,
      when: "ticket_created",
      conditions: { all: [{ field: "subject", operator: "contains", value: word }], any: [] },
      actions: [{ type: "add_tags", value: [word.toLowerCase()] }],
      active,
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: string; name: string };
}

/** Chooses `option` in the select named `name` inside `scope`. */
async function choose(page: Page, scope: Locator, name: string, option: string) {
  await scope.getByRole("combobox", { name }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

const ruleNames = (card: Locator) =>
  card.locator("[data-rule]").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-rule")));

test("an admin builds a rule with the editor, previews it, and a new ticket is routed by it", async ({
  page,
  team,
}) => {
  await signInAs(page, team.admin.email);
  const tag = unique();
  const word = `Zephyr${tag}`;
  const group = await groupViaApi(page, `Escalations ${tag}`);
  const before = await freshTicket(page, `${word} keeps failing`);

  await page.goto("/settings#automations");
  const card = page.getByRole("tabpanel", { name: "Automations" });
  await expect(card.getByTestId("automation-count")).toHaveText(/^\d+ of 25 active$/);
  await card.getByRole("button", { name: "New Rule" }).click();
  const dialog = page.getByRole("dialog", { name: "New rule" });
  const name = `Zephyr to escalations ${tag}`;
  await dialog.getByRole("textbox", { name: "Name" }).fill(name);
  await expect(dialog.getByRole("radio", { name: "When a ticket is created" })).toBeChecked();
  // Time rules are Enterprise: offered, but not on this Pro team, and the reason is given.
  await expect(dialog.getByRole("radio", { name: /On a schedule/ })).toBeDisabled();
  await expect(dialog.getByText("Part of the Enterprise plan (advanced automation)")).toBeVisible();

  await expect(dialog.getByRole("combobox", { name: "Condition 1 of all field" })).toHaveText("Subject");
  await expect(dialog.getByRole("combobox", { name: "Condition 1 of all test" })).toHaveText("contains");
  await dialog.getByRole("textbox", { name: "Condition 1 of all value" }).fill(word);

  await choose(page, dialog, "Action 1 type", "Set the group");
  await choose(page, dialog, "Action 1 value", group.name);
  await dialog.getByRole("button", { name: "Add action" }).click();
  await choose(page, dialog, "Action 2 type", "Add tags");
  await dialog.getByRole("combobox", { name: "Action 2 tags" }).fill(word.toLowerCase());
  await dialog.getByRole("combobox", { name: "Action 2 tags" }).press("Enter");
  await expect(dialog.getByRole("list", { name: "Action 2 tags: chosen" })).toHaveText(word.toLowerCase());
  await dialog.getByRole("button", { name: "Add action" }).click();
  await choose(page, dialog, "Action 3 type", "Set the priority");
  await choose(page, dialog, "Action 3 value", "High");
  await expect(dialog.getByTestId("rule-sentence")).toHaveText(
    `When a ticket is created and the subject contains '${word}', set the group to ${group.name}, add the tag ${word.toLowerCase()}, set the priority to High`,
  );

  await dialog.getByRole("button", { name: "Preview" }).click();
  const preview = dialog.getByRole("region", { name: /Would match/ });
  // The organisation's latest 500 tickets, or every ticket of a younger one.
  await expect(preview.getByRole("heading")).toHaveText(/^Would match 1 of the last \d+ tickets$/);
  const match = preview.getByRole("listitem").filter({ hasText: `#${before.ticketNumber}` });
  await expect(match).toContainText(`Group from no group to ${group.name}`);
  await expect(match).toContainText(`Add the tag ${word.toLowerCase()}`);
  await expect(match.getByRole("link", { name: `#${before.ticketNumber}` })).toHaveAttribute(
    "href",
    `/app?ticket=${before.ticketNumber}#all-open`,
  );
  await expectNoViolations(page);
  // The preview changed nothing.
  const unchanged = (await (await page.request.get(`/api/tickets/detail/${before.id}`)).json()) as TicketJson;
  expect(unchanged.group).toBeNull();

  await dialog.getByRole("button", { name: "Create Rule" }).click();
  await expect(dialog).toBeHidden();
  const row = card.locator(`[data-rule="${name}"]`);
  await expect(row).toContainText(`the subject contains '${word}', set the group to ${group.name}`);
  await expect(row.getByRole("switch", { name: `Run ${name}` })).toBeChecked();
  await expectNoViolations(page);

  // A new ticket with the word is routed by the rule, which its history names.
  const routed = await freshTicket(page, `Our ${word} broke`);
  expect(routed.group?.name).toBe(group.name);
  expect(routed.priority).toBe("high");
  const detail = (await (await page.request.get(`/api/tickets/detail/${routed.id}`)).json()) as TicketJson;
  expect(detail.tags).toContain(word.toLowerCase());
  await page.goto(`/app?ticket=${routed.ticketNumber}#all-open`);
  await showTicketDetails(page);
  await expect(page.getByRole("article").getByText(`Rule '${name}' set the group to ${group.name}`)).toBeVisible();

  // Switched off, the rule leaves the next ticket alone.
  await page.goto("/settings#automations");
  await row.getByRole("switch", { name: `Run ${name}` }).click();
  await expect(row.getByRole("switch", { name: `Run ${name}` })).not.toBeChecked();
  await expect(row).toHaveAttribute("data-active", "false");
  const untouched = await freshTicket(page, `${word} again`);
  expect(untouched.group).toBeNull();
  expect(untouched.priority).not.toBe("high");
});

test("an admin conditions a rule on a custom field in the editor, and a ticket set to it is raised", async ({
  page,
  team,
}) => {
  await signInAs(page, team.admin.email);
  const tag = unique();
  const key = `plan_${tag}`;
  const label = `Plan ${tag}`;
  const field = await page.request.post("/api/fields", {
    data: { key, label, type: "dropdown", options: ["Basic", "Enterprise"] },
  });
  expect(field.status()).toBe(201);
  const ticket = await freshTicket(page, `Custom field rule ${tag}`);

  await page.goto("/settings#automations");
  const card = page.getByRole("tabpanel", { name: "Automations" });
  await card.getByRole("button", { name: "New Rule" }).click();
  const dialog = page.getByRole("dialog", { name: "New rule" });
  const name = `${label} Enterprise is high`;
  await dialog.getByRole("textbox", { name: "Name" }).fill(name);
  await dialog.getByRole("radio", { name: "When a ticket is updated" }).check();
  await choose(page, dialog, "Condition 1 of all field", label);
  await expect(dialog.getByRole("combobox", { name: "Condition 1 of all test" })).toHaveText("is");
  await choose(page, dialog, "Condition 1 of all value", "Enterprise");
  await choose(page, dialog, "Action 1 type", "Set the priority");
  await choose(page, dialog, "Action 1 value", "High");
  // Set a field: the field by its label, then a value its type takes (the dropdown's options).
  await dialog.getByRole("button", { name: "Add action" }).click();
  await choose(page, dialog, "Action 2 type", "Set a field");
  await choose(page, dialog, "Action 2 field", label);
  await choose(page, dialog, "Action 2 value", "Enterprise");
  await expect(dialog.getByTestId("rule-sentence")).toHaveText(
    `When a ticket is updated and ${label} is Enterprise, set the priority to High, set ${label} to Enterprise`,
  );
  for (const theme of ["light", "dark"] as const) {
    // The app's own theme switch: the class on the page, kept while the dialog stays open.
    await page.evaluate((dark) => document.documentElement.classList.toggle("dark", dark), theme === "dark");
    for (const size of SCREEN_SIZES) {
      await page.setViewportSize(size);
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: path.join(SHOTS, `automations-custom-field-${size.width}-${theme}.png`) });
    }
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await dialog.getByRole("button", { name: "Create Rule" }).click();
  await expect(dialog).toBeHidden();
  const row = card.locator(`[data-rule="${name}"]`);
  await expect(row).toContainText(`${label} is Enterprise, set the priority to High, set ${label} to Enterprise`);

  // The ticket's plan set to Enterprise: the rule raises its priority, in its history by name.
  const update = await page.request.put(`/api/tickets/${ticket.id}`, {
    data: { customFields: { [key]: "Enterprise" } },
  });
  expect(update.status()).toBe(200);
  expect(((await update.json()) as TicketJson).priority).toBe("high");
  await page.goto(`/app?ticket=${ticket.ticketNumber}#all-open`);
  await showTicketDetails(page);
  await expect(page.getByRole("article").getByText(`Rule '${name}' set the priority to High`)).toBeVisible();

  // The rule leaves the team's other tests alone: deleted with its field.
  const rules = (await (await page.request.get("/api/automations")).json()) as {
    automations: { id: string; name: string }[];
  };
  const id = rules.automations.find((r) => r.name === name)!.id;
  expect((await page.request.delete(`/api/automations/${id}`)).status()).toBe(200);
});

test("rules move up and down in their running order, kept after a reload", async ({ page, team }) => {
  await signInAs(page, team.admin.email);
  const tag = unique();
  const first = await ruleViaApi(page, `First ${tag}`, `Alpha${tag}`, false);
  const second = await ruleViaApi(page, `Second ${tag}`, `Beta${tag}`, false);
  await page.goto("/settings#automations");
  const card = page.getByRole("tabpanel", { name: "Automations" });
  await expect.poll(async () => (await ruleNames(card)).slice(-2)).toEqual([first.name, second.name]);
  await expect(card.getByRole("button", { name: `Move ${second.name} down` })).toBeDisabled();

  await card.getByRole("button", { name: `Move ${second.name} up` }).click();
  await expect.poll(async () => (await ruleNames(card)).slice(-2)).toEqual([second.name, first.name]);
  await page.reload();
  await expect.poll(async () => (await ruleNames(card)).slice(-2)).toEqual([second.name, first.name]);
  const order = (await (await page.request.get("/api/automations")).json()) as { automations: { name: string }[] };
  expect(order.automations.map((r) => r.name).slice(-2)).toEqual([second.name, first.name]);

  // Deleting asks first and says what stays.
  await card.getByRole("button", { name: `Delete ${first.name}` }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete rule?" });
  await expect(confirm).toContainText("What it already changed on tickets stays as it is");
  await confirm.getByRole("button", { name: "Delete rule" }).click();
  await expect(card.locator(`[data-rule="${first.name}"]`)).toHaveCount(0);
  await card.getByRole("button", { name: `Delete ${second.name}` }).click();
  await page.getByRole("alertdialog", { name: "Delete rule?" }).getByRole("button", { name: "Delete rule" }).click();
  await expect(card.locator(`[data-rule="${second.name}"]`)).toHaveCount(0);
});

test("past the Pro plan's 25 active rules the editor says so in the form", async ({ page, team }) => {
  await signInAs(page, team.admin.email);
  const tag = unique();
  const list = (await (await page.request.get("/api/automations")).json()) as {
    automations: { active: boolean }[];
  };
  const room = 25 - list.automations.filter((r) => r.active).length;
  const made = [];
  for (let i = 0; i < room; i++) made.push(await ruleViaApi(page, `Filler ${i} ${tag}`, `Filler${i}${tag}`));

  await page.goto("/settings#automations");
  const card = page.getByRole("tabpanel", { name: "Automations" });
  await expect(card.getByTestId("automation-count")).toHaveText("25 of 25 active");
  await card.getByRole("button", { name: "New Rule" }).click();
  const dialog = page.getByRole("dialog", { name: "New rule" });
  await dialog.getByRole("textbox", { name: "Name" }).fill(`One too many ${tag}`);
  await dialog.getByRole("textbox", { name: "Condition 1 of all value" }).fill("refund");
  await choose(page, dialog, "Action 1 value", "High");
  await dialog.getByRole("button", { name: "Create Rule" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(
    "Your Pro plan allows 25 active automation rules. Switch one off or upgrade your plan.",
  );
  await expect(dialog).toBeVisible();

  // A problem with one action (no tag named) is shown beside it, before anything is sent.
  await choose(page, dialog, "Action 1 type", "Add tags");
  await dialog.getByRole("button", { name: "Preview" }).click();
  await expect(
    dialog.getByRole("listitem").filter({ has: page.getByRole("combobox", { name: "Action 1 tags" }) }),
  ).toContainText("Name at least one tag");

  for (const rule of made) expect((await page.request.delete(`/api/automations/${rule.id}`)).status()).toBe(200);
});

test("agents see no Automations tab; on Free the tab explains rules and offers the upgrade", async ({
  page,
  browser,
  team,
}) => {
  await signInAs(page, team.agent.email);
  await page.goto("/settings#automations");
  await expect(page.getByRole("tab", { name: "Macros" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Automations" })).toHaveCount(0);
  expect((await page.request.get("/api/automations")).status()).toBe(403);

  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signInAs(owner, await createOrgAdmin({ plan: "free" }));
  await owner.goto("/settings#automations");
  const card = owner.getByRole("tabpanel", { name: "Automations" });
  await expect(card).toContainText("Automation rules are part of the Pro plan and above. You are on the Free plan.");
  await expect(card.getByRole("button", { name: "Upgrade to Use Automations" })).toBeVisible();
  await expect(card.getByRole("button", { name: "New Rule" })).toHaveCount(0);
  await expectNoViolations(owner);
  await owner.screenshot({ path: path.join(SHOTS, "automations-free-1440-light.png") });
  await ownerContext.close();
});

test("on Enterprise the rules are unlimited and a rule can run on a schedule", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, await createOrgAdmin({ plan: "enterprise" }));
  await page.goto("/settings#automations");
  const card = page.getByRole("tabpanel", { name: "Automations" });
  await expect(card.getByTestId("automation-count")).toHaveText("0 active");
  await card.getByRole("button", { name: "New Rule" }).click();
  const dialog = page.getByRole("dialog", { name: "New rule" });
  await dialog.getByRole("textbox", { name: "Name" }).fill("Close quiet tickets");
  await dialog.getByRole("radio", { name: /On a schedule/ }).check();
  await choose(page, dialog, "Condition 1 of all field", "Last updated");
  await expect(dialog.getByRole("combobox", { name: "Condition 1 of all test" })).toHaveText("more than (hours) ago");
  await dialog.getByRole("spinbutton", { name: "Condition 1 of all hours" }).fill("120");
  await choose(page, dialog, "Action 1 type", "Set the status");
  await choose(page, dialog, "Action 1 value", "Closed");
  await expect(dialog.getByTestId("rule-sentence")).toHaveText(
    "Every few minutes, for each open ticket where the ticket was last updated more than 5 days ago: set the status to Closed",
  );
  await dialog.getByRole("button", { name: "Create Rule" }).click();
  await expect(dialog).toBeHidden();
  await expect(card.locator('[data-rule="Close quiet tickets"]')).toContainText("more than 5 days ago");
  await expect(card.getByTestId("automation-count")).toHaveText("1 active");
  await expectNoViolations(page);
  await context.close();
});

for (const theme of ["light", "dark"] as const) {
  for (const size of SCREEN_SIZES) {
    test(`automations at ${size.width} px, ${theme}: the rules and the editor with its preview fit the screen`, async ({
      page,
      team,
    }) => {
      await openInTheme(page, theme);
      await page.setViewportSize(size);
      await signInAs(page, team.admin.email);
      const shot = `${size.width}-${theme}`;
      // Tickets the demo's refund rule would route, taken back out of its hands for the preview to list.
      for (const subject of ["Refund for order 1234", "Please refund my second charge"]) {
        const ticket = await freshTicket(page, subject);
        const res = await page.request.put(`/api/tickets/${ticket.id}`, { data: { groupId: null, priority: "low" } });
        expect(res.status()).toBe(200);
      }
      await page.goto("/settings#automations");
      const card = page.getByRole("tabpanel", { name: "Automations" });
      await expect(card.locator("[data-rule]").first()).toBeVisible();
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: path.join(SHOTS, `automations-settings-${shot}.png`), fullPage: true });

      const demo = card.locator("[data-rule]").first();
      const name = await demo.getAttribute("data-rule");
      await demo.getByRole("button", { name: `Edit ${name}` }).click();
      const dialog = page.getByRole("dialog", { name: `Edit rule "${name}"` });
      await expect(dialog.getByRole("textbox", { name: "Name" })).toHaveValue(name!);
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: path.join(SHOTS, `automations-editor-${shot}.png`) });
      await dialog.getByRole("button", { name: "Preview" }).click();
      await expect(dialog.getByRole("region", { name: /Would match/ })).toContainText("Group from no group to");
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: path.join(SHOTS, `automations-preview-${shot}.png`) });
    });
  }
}
