import { route } from "@/lib/http/server/route";
import { finishOnboarding } from "@/lib/services/organizations/onboarding";

// POST /api/onboarding/complete - the wizard's last step.
export const POST = route({ permission: "onboarding.finish" }, async ({ user }) => {
  await finishOnboarding(user, "completed");
  return { onboardingCompleted: true };
});
