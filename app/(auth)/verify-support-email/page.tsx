import type { Metadata } from "next";
import { Suspense } from "react";
import { AuthCard } from "@/components/auth/auth-card";
import { VerifySupportEmailForm } from "@/components/auth/verify-support-email-form";

export const metadata: Metadata = { title: "Confirm a support address" };

export default function VerifySupportEmailPage() {
  return (
    <AuthCard
      title="Confirm a support address"
      description="Mail sent to this address becomes tickets once you confirm it."
    >
      <Suspense>
        <VerifySupportEmailForm />
      </Suspense>
    </AuthCard>
  );
}
