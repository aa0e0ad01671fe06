import type { Metadata } from "next";
import { Suspense } from "react";
import { AuthCard } from "@/components/auth/auth-card";
import { ConfirmEmailForm } from "@/components/auth/confirm-email-form";

export const metadata: Metadata = { title: "Confirm your new email" };

export default function ConfirmEmailPage() {
  return (
    <AuthCard title="Confirm your new email" description="Your account moves to this address once you confirm.">
      <Suspense>
        <ConfirmEmailForm />
      </Suspense>
    </AuthCard>
  );
}
