import { AppError } from "@/lib/errors";
import { planLimitError } from "@/lib/plans/limits";

const plain = (e: AppError) => ({ type: e.constructor.name, code: e.code, message: e.message });

describe("planLimitError", () => {
  it("words the ticket limit with the plan's period", () => {
    expect(plain(planLimitError({ plan: "free", resource: "tickets" }))).toEqual({
      type: "AppError",
      code: "ticket_limit_reached",
      message: "Ticket limit reached: your Free plan allows 150 tickets. Upgrade your plan to create more.",
    });
    expect(planLimitError({ plan: "pro", resource: "tickets" }).message).toBe(
      "Ticket limit reached: your Pro plan allows 1000 tickets per month. Upgrade your plan to create more.",
    );
  });

  it("says all seats are taken, or how many are left when a batch of invitations would overshoot", () => {
    expect(plain(planLimitError({ plan: "starter", resource: "seats" }))).toEqual({
      type: "AppError",
      code: "seat_limit_reached",
      message: "Your Starter plan's agent seats are all in use. Upgrade your plan to add more team members.",
    });
    expect(planLimitError({ plan: "pro", resource: "seats", left: 1 }).message).toBe(
      "Your Pro plan has 1 agent seat left. Invite fewer team members or upgrade your plan.",
    );
    expect(planLimitError({ plan: "pro", resource: "seats", left: 3 }).message).toBe(
      "Your Pro plan has 3 agent seats left. Invite fewer team members or upgrade your plan.",
    );
  });

  it("counts support email addresses in the singular and plural", () => {
    expect(plain(planLimitError({ plan: "free", resource: "support_emails" }))).toEqual({
      type: "AppError",
      code: "support_email_limit_reached",
      message: "Your Free plan allows 1 support email address. Upgrade your plan to add more.",
    });
    expect(planLimitError({ plan: "pro", resource: "support_emails" }).message).toBe(
      "Your Pro plan allows 5 support email addresses. Upgrade your plan to add more.",
    );
  });

  it("words the macro limit", () => {
    expect(plain(planLimitError({ plan: "starter", resource: "macros" }))).toEqual({
      type: "AppError",
      code: "macro_limit_reached",
      message: "Your Starter plan allows 20 macros. Upgrade your plan to add more.",
    });
  });
});
