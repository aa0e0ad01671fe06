import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { createOrgAdmin, setPlanOf } from "./db";
import { SCREEN_SIZES, expectNoSidewaysScroll, openInTheme, signInAs, toastText } from "./helpers";
import { expect, test } from "./team";

// Settings > SLA end to end: an admin on Pro writes a Mon-Fri 09:00-17:00 Europe/London calendar
// with a split shift on Friday and Christmas as a yearly holiday, makes it the default, writes two
// policies, sees the preview count in the calendar's hours on their own clock, moves, edits and
// deletes; problems show beside their fields. Agents get no tab; Starter shows the upgrade.

// The browser's clock and zone: Thursday 24 December 2026, 16:30 in London, the day before a holiday.
const NOW = new Date("2026-12-24T16:30:00Z");
test.use({ timezoneId: "Europe/London" });

async function expectNoViolations(page: Page) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  const { violations } = await new AxeBuilder({ page }).exclude('[data-slot="toast"]').analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** Chooses `option` in the select named `name` inside `scope`. */
async function choose(page: Page, scope: Locator, name: string, option: string) {
  await scope.getByRole("combobox", { name }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

const rowNames = (panel: Locator, attribute: "data-calendar" | "data-policy") =>
  panel.locator(`[${attribute}]`).evaluateAll((rows, a) => rows.map((r) => r.getAttribute(a)), attribute);

async function openSlaTab(page: Page) {
  await page.goto("/settings#sla");
  const panel = page.getByRole("tabpanel", { name: "SLA" });
  await expect(panel.getByRole("heading", { name: "Business hours" })).toBeVisible();
  return panel;
}

test("an admin writes a calendar with a split shift and a holiday, two policies with a preview, and moves, edits and deletes them", async ({
  page,
  team,
}) => {
  await setPlanOf(team.admin.email, "pro");
  await page.clock.setFixedTime(NOW);
  await signInAs(page, team.admin.email);
  const tag = unique();
  const before = (await (await page.request.get("/api/sla-policies")).json()) as { policies: unknown[] };
  const panel = await openSlaTab(page);
  const around = panel.locator('[data-calendar="24/7"]');
  await expect(around).toContainText("Default");
  await expect(around.getByTestId("calendar-week")).toHaveText("Around the clock");
  await expect(panel.getByTestId("sla-policy-count")).toHaveText(`${before.policies.length} of 5 policies`);
  await expect(panel.getByTestId("sla-default-targets")).toHaveText(
    "Tickets no policy matches get the default targets, around the clock. Urgent: first reply 1 hour, next reply 1 hour, resolution 4 hours; High: first reply 4 hours, next reply 4 hours, resolution 1 day; Medium: first reply 8 hours, next reply 8 hours, resolution 2 days; Low: first reply 1 day, next reply 1 day, resolution 4 days.",
  );

  // The calendar: Monday's hours copied to the weekdays, Friday split, Christmas every year.
  await panel.getByRole("button", { name: "New Calendar" }).click();
  const dialog = page.getByRole("dialog", { name: "New calendar" });
  await dialog.getByRole("textbox", { name: "Name" }).fill("24/7");
  await dialog.getByRole("combobox", { name: "Time zone" }).fill("Europe/London");
  await dialog.getByRole("textbox", { name: "Monday interval 1 from" }).fill("09:00");
  await dialog.getByRole("textbox", { name: "Monday interval 1 until" }).fill("17:00");
  await dialog.getByRole("switch", { name: "Open on Wednesday" }).click();
  await expect(dialog.getByRole("textbox", { name: "Wednesday interval 1 from" })).toHaveCount(0);
  await dialog.getByRole("button", { name: "Copy Monday to weekdays" }).click();
  await expect(dialog.getByRole("textbox", { name: "Wednesday interval 1 until" })).toHaveValue("17:00");
  await expect(dialog.getByRole("switch", { name: "Open on Saturday" })).not.toBeChecked();
  await dialog.getByRole("textbox", { name: "Friday interval 1 until" }).fill("12:00");
  await dialog.getByRole("button", { name: "Add interval on Friday" }).click();
  await dialog.getByRole("textbox", { name: "Friday interval 2 from" }).fill("11:00");
  await dialog.getByRole("textbox", { name: "Friday interval 2 until" }).fill("17:00");
  await dialog.getByRole("button", { name: "Add holiday" }).click();
  await dialog.getByLabel("Holiday 1 date").fill("2026-12-25");
  await dialog.getByRole("checkbox", { name: "Every year" }).check();
  await dialog.getByRole("checkbox", { name: "Make default" }).check();

  // Overlapping intervals are named beside their day, before anything is sent.
  await dialog.getByRole("button", { name: "Create Calendar" }).click();
  const friday = dialog.locator('[data-day="fri"]');
  await expect(friday).toContainText("Friday: 09:00-12:00 and 11:00-17:00 overlap.");
  await expect(dialog.getByRole("textbox", { name: "Friday interval 2 from" })).toHaveAttribute("aria-invalid", "true");
  await dialog.getByRole("textbox", { name: "Friday interval 2 from" }).fill("13:00");
  await expect(friday).not.toContainText("overlap");
  // The server's refusal (the name is taken) shows under the name.
  await dialog.getByRole("button", { name: "Create Calendar" }).click();
  await expect(dialog.getByText("A calendar with this name already exists")).toBeVisible();
  await expect(dialog.getByRole("textbox", { name: "Name" })).toHaveAttribute("aria-invalid", "true");
  const calendar = `London office ${tag}`;
  await dialog.getByRole("textbox", { name: "Name" }).fill(calendar);
  await expectNoViolations(page);
  await dialog.getByRole("button", { name: "Create Calendar" }).click();
  await expect(dialog).toBeHidden();

  const row = panel.locator(`[data-calendar="${calendar}"]`);
  await expect(row).toContainText("Default");
  await expect(row.getByTestId("calendar-week")).toHaveText("Mon-Thu 09:00-17:00; Fri 09:00-12:00, 13:00-17:00");
  await expect(row).toContainText("Europe/London · 1 holiday · No policies use it");
  await expect(around).not.toContainText("Default");
  await expect.poll(async () => (await rowNames(panel, "data-calendar"))[0]).toBe(calendar);
  await expectNoViolations(page);

  // A policy for urgent tickets: its calendar preselected, its conditions only what a policy may look at.
  await panel.getByRole("button", { name: "New Policy" }).click();
  const editor = page.getByRole("dialog", { name: "New policy" });
  const vip = `VIP ${tag}`;
  await editor.getByRole("textbox", { name: "Name" }).fill(vip);
  await expect(editor.getByRole("combobox", { name: "Calendar" })).toHaveText(`${calendar} (default)`);
  await editor.getByRole("button", { name: "Add condition", exact: true }).click();
  await editor.getByRole("combobox", { name: "Condition 1 of all field" }).click();
  await expect(page.getByRole("option")).toHaveText([
    "Priority",
    "Group",
    "Tags",
    "Customer domain",
    "Support address it came to",
    "Came in by",
  ]);
  await page.getByRole("option", { name: "Priority" }).click();
  await choose(page, editor, "Condition 1 of all value", "Urgent");
  await editor.getByRole("spinbutton", { name: "High first reply hours" }).fill("3");
  await editor.getByRole("spinbutton", { name: "High first reply minutes" }).fill("0");
  await expect(editor.locator("#target-high-firstResponse-error")).toHaveText("3 business hours");

  // The preview counts in the calendar from now (Thursday 16:30): half an hour, Christmas, the weekend.
  const preview = editor.getByTestId("policy-preview");
  await expect(preview).toContainText("A ticket created now with priority High would be due:");
  await expect(preview).toContainText("first reply Mon 11:30 (in 3 business hours)");
  await expect(preview).toContainText("resolution Wed 16:30 (in 24 business hours)");
  await expect(preview).toContainText("next reply within 4 business hours of each later customer message");
  await expect(preview).toContainText("Times on your clock (Europe/London).");
  await choose(page, editor, "Preview priority", "Urgent");
  await expect(preview).toContainText("first reply Mon 09:30 (in 1 business hour)");

  // A target of zero is named beside it.
  await editor.getByRole("spinbutton", { name: "Low resolution hours" }).fill("0");
  await editor.getByRole("spinbutton", { name: "Low resolution minutes" }).fill("0");
  await editor.getByRole("button", { name: "Create Policy" }).click();
  await expect(editor.locator("#target-low-resolution-error")).toHaveText(
    "A target must be between 1 minute and 1 year.",
  );
  await editor.getByRole("spinbutton", { name: "Low resolution hours" }).fill("96");
  await expectNoViolations(page);
  await editor.getByRole("button", { name: "Create Policy" }).click();
  await expect(editor).toBeHidden();
  const vipRow = panel.locator(`[data-policy="${vip}"]`);
  await expect(vipRow).toContainText("Tickets where the priority is Urgent");
  await expect(vipRow).toContainText(`Counts in ${calendar}`);
  await expect(vipRow).toContainText(
    "High: first reply 3 business hours, next reply 4 business hours, resolution 24 business hours",
  );

  // A second policy for every other ticket, on the 24/7 calendar.
  await panel.getByRole("button", { name: "New Policy" }).click();
  const everyone = `Everyone ${tag}`;
  await editor.getByRole("textbox", { name: "Name" }).fill(everyone);
  await choose(page, editor, "Calendar", "24/7");
  // An address that is not the team's passes the form's own check; the server names the condition.
  await editor.getByRole("button", { name: "Add condition", exact: true }).click();
  await choose(page, editor, "Condition 1 of all field", "Support address it came to");
  await editor.getByRole("textbox", { name: "Condition 1 of all value" }).fill(`nobody-${tag}@elsewhere.test`);
  await editor.getByRole("button", { name: "Create Policy" }).click();
  await expect(editor.locator("#policy-all-0-error")).toHaveText("Unknown support address");
  await expect(editor.getByRole("textbox", { name: "Condition 1 of all value" })).toHaveAttribute(
    "aria-invalid",
    "true",
  );
  await editor.getByRole("button", { name: "Remove condition 1 of all" }).click();
  await expect(preview).toContainText("first reply Today 20:30 (in 4 business hours)");
  await editor.getByRole("button", { name: "Create Policy" }).click();
  await expect(editor).toBeHidden();
  await expect(panel.locator(`[data-policy="${everyone}"]`)).toContainText("Every ticket");
  await expect(panel.getByTestId("sla-policy-count")).toHaveText(`${before.policies.length + 2} of 5 policies`);
  await expect(row).toContainText("Used by 1 policy");

  // Moved up, kept after a reload.
  await expect.poll(async () => (await rowNames(panel, "data-policy")).slice(-2)).toEqual([vip, everyone]);
  await expect(panel.getByRole("button", { name: `Move ${everyone} down` })).toBeDisabled();
  await panel.getByRole("button", { name: `Move ${everyone} up` }).click();
  await expect.poll(async () => (await rowNames(panel, "data-policy")).slice(-2)).toEqual([everyone, vip]);
  await page.reload();
  await expect.poll(async () => (await rowNames(panel, "data-policy")).slice(-2)).toEqual([everyone, vip]);
  await expectNoViolations(page);

  // Edited: renamed, its conditions and targets as they were.
  await panel.getByRole("button", { name: `Edit ${vip}` }).click();
  const edit = page.getByRole("dialog", { name: `Edit policy "${vip}"` });
  await expect(edit.getByRole("combobox", { name: "Condition 1 of all value" })).toHaveText("Urgent");
  await expect(edit.getByRole("spinbutton", { name: "High first reply hours" })).toHaveValue("3");
  const renamed = `VIP customers ${tag}`;
  await edit.getByRole("textbox", { name: "Name" }).fill(renamed);
  await edit.getByRole("button", { name: "Save Policy" }).click();
  await expect(edit).toBeHidden();
  await expect(panel.locator(`[data-policy="${renamed}"]`)).toContainText("Tickets where the priority is Urgent");

  // The default calendar cannot go: the server's reason shows as it comes.
  await row.getByRole("button", { name: `Delete ${calendar}` }).click();
  await page
    .getByRole("alertdialog", { name: "Delete calendar?" })
    .getByRole("button", { name: "Delete calendar" })
    .click();
  await expect(
    toastText(page, "This is the default calendar. Make another calendar the default before deleting it."),
  ).toBeVisible();
  await expect(row).toBeVisible();

  // Deleted policies leave the list.
  for (const name of [everyone, renamed]) {
    await panel.getByRole("button", { name: `Delete ${name}` }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete policy?" });
    await expect(confirm).toContainText("will fall to the next policy that matches, or to the default targets");
    await confirm.getByRole("button", { name: "Delete policy" }).click();
    await expect(panel.locator(`[data-policy="${name}"]`)).toHaveCount(0);
  }
  await expect(panel.getByTestId("sla-policy-count")).toHaveText(`${before.policies.length} of 5 policies`);
  await expect(row).toContainText("No policies use it");
});

test("agents see no SLA tab; on Starter the tab explains SLA policies and offers the upgrade to Pro", async ({
  page,
  browser,
  team,
}) => {
  await signInAs(page, team.agent.email);
  await page.goto("/settings#sla");
  await expect(page.getByRole("tab", { name: "Macros" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "SLA" })).toHaveCount(0);
  expect((await page.request.get("/api/sla-policies")).status()).toBe(403);

  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signInAs(owner, await createOrgAdmin({ plan: "starter" }));
  await owner.goto("/settings#sla");
  const panel = owner.getByRole("tabpanel", { name: "SLA" });
  await expect(panel).toContainText(
    "SLA policies and business hours are part of the Pro plan and above. You are on the Starter plan.",
  );
  await expect(panel.getByRole("button", { name: "Upgrade to Use SLA Policies" })).toBeVisible();
  await expect(panel.getByRole("button", { name: "New Policy" })).toHaveCount(0);
  await expectNoViolations(owner);
  await ownerContext.close();
});

test("Pro's fifth policy is its last: New Policy waits for an upgrade; Enterprise counts without a limit", async ({
  page,
  browser,
  team,
}) => {
  await setPlanOf(team.admin.email, "pro");
  await signInAs(page, team.admin.email);
  const tag = unique();
  const list = (await (await page.request.get("/api/sla-policies")).json()) as { policies: unknown[] };
  const minutes = { firstResponse: 60, nextResponse: 60, resolution: 240 };
  const targets = { urgent: minutes, high: minutes, medium: minutes, low: minutes };
  const made: string[] = [];
  for (let i = list.policies.length; i < 5; i++) {
    const res = await page.request.post("/api/sla-policies", { data: { name: `Filler ${i} ${tag}`, targets } });
    expect(res.status()).toBe(201);
    made.push(((await res.json()) as { id: string }).id);
  }
  const panel = await openSlaTab(page);
  await expect(panel.getByTestId("sla-policy-count")).toHaveText("5 of 5 policies");
  await expect(panel.getByRole("button", { name: "New Policy" })).toBeDisabled();
  await expect(panel).toContainText("Your Pro plan allows 5 SLA policies.");
  await expect(panel.getByRole("button", { name: "Upgrade", exact: true })).toBeVisible();
  for (const id of made) expect((await page.request.delete(`/api/sla-policies/${id}`)).status()).toBe(204);

  const context = await browser.newContext();
  const owner = await context.newPage();
  await signInAs(owner, await createOrgAdmin({ plan: "enterprise" }));
  const unlimited = await openSlaTab(owner);
  await expect(unlimited.getByTestId("sla-policy-count")).toHaveText("0 policies");
  await expect(unlimited).toContainText("No policies yet.");
  await expect(unlimited.getByRole("button", { name: "New Policy" })).toBeEnabled();
  await context.close();
});

for (const theme of ["light", "dark"] as const) {
  test(`the SLA tab and its dialogs fit every screen size, ${theme}`, async ({ page, team }) => {
    await setPlanOf(team.admin.email, "pro");
    await openInTheme(page, theme);
    await signInAs(page, team.admin.email);
    for (const size of SCREEN_SIZES) {
      await page.setViewportSize(size);
      const panel = await openSlaTab(page);
      await expect(panel.locator('[data-calendar="24/7"]')).toBeVisible();
      await expectNoSidewaysScroll(page);
      await panel.getByRole("button", { name: "Edit 24/7" }).click();
      const calendar = page.getByRole("dialog", { name: 'Edit calendar "24/7"' });
      await expect(calendar.getByRole("textbox", { name: "Sunday interval 1 until" })).toHaveValue("24:00");
      await expectNoSidewaysScroll(page);
      if (size.width === 1440) await expectNoViolations(page);
      await calendar.getByRole("button", { name: "Cancel" }).click();
      await panel.getByRole("button", { name: "New Policy" }).click();
      const policy = page.getByRole("dialog", { name: "New policy" });
      await expect(policy.getByTestId("policy-preview")).toContainText("would be due");
      await expectNoSidewaysScroll(page);
      if (size.width === 1440) await expectNoViolations(page);
      await policy.getByRole("button", { name: "Cancel" }).click();
    }
  });
}
