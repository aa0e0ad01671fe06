import { latestMailTo, signInAs, toastText, uniqueEmail } from "./helpers";
import { createDeadMailJob } from "./jobs-db";
import { expect, test } from "./team";

test("System Health shows the job queue, and a dead mail job retried is delivered", async ({ page, team }) => {
  const to = uniqueEmail("dead-letter");
  const id = await createDeadMailJob(to, "Your ticket was updated");
  await signInAs(page, team.platformAdmin.email);
  await page.goto("/platform-admin");
  await page.getByRole("tab", { name: "System Health" }).click();

  await expect(page.getByRole("heading", { name: "Job queue" })).toBeVisible();
  const mailRow = page.getByRole("row").filter({ has: page.getByRole("cell", { name: "mail.send", exact: true }) });
  await expect(mailRow).toBeVisible();
  await expect(page.getByRole("heading", { name: "Dead jobs" })).toBeVisible();
  const dead = page.getByRole("listitem").filter({ hasText: `mail.send #${id}` });
  await expect(dead).toContainText("3 attempts");
  await expect(dead).toContainText("SMTP refused the message");

  await dead.getByRole("button", { name: `Retry mail.send job ${id}` }).click();
  await expect(toastText(page, "Job queued again")).toBeVisible();
  await expect(dead).toHaveCount(0);
  // The server's own workers send it (they run inside `npm start`).
  await expect
    .poll(() => latestMailTo(to, /delivered after a retry/) ?? "", { timeout: 30_000 })
    .toContain("delivered after a retry");
});
