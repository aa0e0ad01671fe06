import type { Page } from "@playwright/test";
import { DEMO_PASSWORD } from "@/lib/demo";

/** Signs the page's browser context in through the API (the cookie is shared with the page). */
export async function signInAs(page: Page, email: string, password = DEMO_PASSWORD) {
  const res = await page.request.post("/api/login", { data: { email, password } });
  if (!res.ok()) throw new Error(`login as ${email} failed: ${res.status()} ${await res.text()}`);
}

export function uniqueEmail(prefix = "user") {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
}
