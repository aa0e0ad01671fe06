import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AuthCard } from "@/components/auth/auth-card";
import { TwoFactorSetup } from "@/components/security/two-factor-setup";
import { getCurrentUser } from "@/lib/auth/session";
import { UNAUTHENTICATED_REDIRECT } from "@/lib/permissions/pages";

export const metadata: Metadata = { title: "Set up two-factor sign-in" };

// Where a member is sent when the organisation requires two-factor and they have none yet.
export default async function TwoFactorSetupPage() {
  const user = await getCurrentUser();
  if (!user) redirect(UNAUTHENTICATED_REDIRECT);
  return (
    <AuthCard
      title="Set up two-factor sign-in"
      description="Your organization requires a code from an authenticator app each time you sign in."
      contentClassName="grid gap-4"
    >
      <TwoFactorSetup />
    </AuthCard>
  );
}
