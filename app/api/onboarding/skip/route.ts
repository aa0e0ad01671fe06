import { route } from "@/lib/http/server/route";
import { finishOnboarding } from "@/lib/services/organizations/onboarding";

// POST /api/onboarding/skip - leave the wizard; the organisation counts as onboarded.
export const POST = route({ permission: "onboarding.finish" }, async ({ user }) => {
  await finishOnboarding(user, "skipped");
  return { onboardingCompleted: true };
});
