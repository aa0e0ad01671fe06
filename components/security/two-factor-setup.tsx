"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { LogoutButton } from "@/components/auth/logout-button";
import { TotpEnrolmentForm } from "./totp-enrolment";

/** The enrolment page's form: once the app is set up and the codes saved, on to the workspace. */
export function TwoFactorSetup() {
  const router = useRouter();
  const queryClient = useQueryClient();
  return (
    <>
      <TotpEnrolmentForm
        onEnabled={() => {
          queryClient.clear();
          router.replace("/app");
          router.refresh();
        }}
      />
      <div className="flex justify-end">
        <LogoutButton />
      </div>
    </>
  );
}
