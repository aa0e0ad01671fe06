import { auditText } from "@/lib/format/audit-text";

// Webhook endpoint changes in the activity log, as their services record them.

const text = (action: string, metadata: Record<string, unknown>, actor = "Ada") =>
  auditText({ action, actor, metadata });
const url = "https://crm.example.com/in";

describe("webhook events in the activity log", () => {
  it("describes adding, editing, rotating, deleting and the product turning an endpoint off", () => {
    expect(text("webhook.created", { url })).toBe(`Ada added the webhook endpoint ${url}`);
    expect(text("webhook.updated", { url })).toBe(`Ada edited the webhook endpoint ${url}`);
    expect(text("webhook.secret_rotated", { url })).toBe(
      `Ada rotated the signing secret of the webhook endpoint ${url}`,
    );
    expect(text("webhook.deleted", { url })).toBe(`Ada deleted the webhook endpoint ${url}`);
    expect(text("webhook.disabled", { url, days: 3 }, "Ticketry")).toBe(
      `The webhook endpoint ${url} was turned off after failing for 3 days`,
    );
  });
});
