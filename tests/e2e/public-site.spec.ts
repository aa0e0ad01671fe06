import { expect, test } from "@playwright/test";
import { linkFromMail, toastText, uniqueEmail } from "./helpers";

test.describe("public site", () => {
  test("join the waitlist from the hero: consent enables the button, success clears the form", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByText("Coming Soon")).toBeVisible();
    const card = page.getByRole("form", { name: "Join the Waitlist" });
    const submit = card.getByRole("button", { name: "Join the Waitlist" });
    await expect(submit).toBeDisabled();

    const email = uniqueEmail("hero");
    await card.getByLabel("Email", { exact: true }).fill(email);
    await card.getByLabel("Name (optional)").fill("Hero Person");
    await card.getByRole("checkbox").click();
    await expect(submit).toBeEnabled();
    await card.getByRole("checkbox").click();
    await expect(submit).toBeDisabled();
    await card.getByRole("checkbox").click();
    await submit.click();

    await expect(toastText(page, "Successfully subscribed!")).toBeVisible();
    await expect(toastText(page, "We'll notify you when we launch. Check your email for confirmation.")).toBeVisible();
    await expect(card.getByLabel("Email", { exact: true })).toHaveValue("");
    await expect(card.getByLabel("Name (optional)")).toHaveValue("");
    await expect(submit).toBeDisabled();
  });

  test("join from the footer, then unsubscribe with the emailed link", async ({ page }) => {
    await page.goto("/");
    const email = uniqueEmail("footer");
    const footer = page.getByRole("form", { name: "Footer waitlist sign-up" });
    await footer.getByLabel("Email", { exact: true }).fill(email);
    await footer.getByRole("button", { name: "Join Waitlist" }).click();
    await expect(toastText(page, "Successfully subscribed!")).toBeVisible();
    await expect(footer.getByLabel("Email", { exact: true })).toHaveValue("");

    const link = new URL(await linkFromMail(email, "/unsubscribe/"));
    await page.goto(link.pathname);
    await expect(page.getByRole("heading", { name: "Unsubscribed Successfully" })).toBeVisible();
    // The link stays valid: unsubscribing again still succeeds.
    await page.reload();
    await expect(page.getByRole("heading", { name: "Unsubscribed Successfully" })).toBeVisible();
  });

  test("an invalid email is refused with a toast", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("form", { name: "Footer waitlist sign-up" });
    await footer.getByLabel("Email", { exact: true }).fill("not-an-email");
    await footer.getByRole("button", { name: "Join Waitlist" }).click();
    await expect(toastText(page, "Subscription failed")).toBeVisible();
  });

  test("unsubscribe failure view for an unknown or missing token", async ({ page }) => {
    await page.goto("/unsubscribe/not-a-real-token");
    await expect(page.getByRole("heading", { name: "Unsubscribe Failed" })).toBeVisible();
    await expect(page.getByText("This unsubscribe link may be invalid or expired.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Contact support" })).toHaveAttribute("href", /^mailto:/);
    await page.goto("/unsubscribe");
    await expect(page.getByRole("heading", { name: "Unsubscribe Failed" })).toBeVisible();
    await page.getByRole("link", { name: "Return home" }).click();
    await expect(page).toHaveURL("/");
  });

  test("pricing shows the four plans and goes back home", async ({ page }) => {
    await page.goto("/pricing");
    for (const [name, price] of [
      ["Free", "$0"],
      ["Starter", "$29"],
      ["Pro", "$99"],
      ["Enterprise", "Custom"],
    ]) {
      await expect(page.getByRole("heading", { name, exact: true })).toBeVisible();
      await expect(page.getByText(price, { exact: true })).toBeVisible();
    }
    await expect(page.getByText("Most Popular")).toBeVisible();
    await expect(page.getByRole("button", { name: "Contact Sales" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Get Started" })).toHaveCount(2);
    await expect(page.getByText("All plans include a 14-day free trial. No credit card required.")).toBeVisible();
    await page.getByRole("link", { name: "Back" }).click();
    await expect(page).toHaveURL("/");
  });

  test("privacy covers every topic, and the site is findable", async ({ page, request }) => {
    await page.goto("/privacy");
    for (const topic of [
      "What we collect",
      "How we use it",
      "Marketing consent",
      "Storage and security",
      "Your rights under GDPR and CAN-SPAM",
      "Email service providers",
      "Children",
      "Contact",
    ]) {
      await expect(page.getByRole("heading", { name: topic })).toBeVisible();
    }
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/privacy$/);

    await page.goto("/");
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /Ticketry/);
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(jsonLd.map((d: { "@type": string }) => d["@type"])).toEqual(["Organization", "Product"]);

    const sitemap = await (await request.get("/sitemap.xml")).text();
    expect(sitemap).toContain("/pricing");
    expect(sitemap).not.toContain("/app");
    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toContain("Disallow: /api/");
    expect(robots).toContain("Sitemap:");
  });
});
