"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { LogoutButton } from "@/components/auth/logout-button";
import { AddPasskeyDialog } from "./add-passkey-dialog";
import { TotpEnrolmentForm } from "./totp-enrolment";

/**
 * The enrolment page's form: once the app is set up and the codes saved, or a passkey added (a
 * second factor too), on to the workspace.
 */
export function TwoFactorSetup() {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [addingPasskey, setAddingPasskey] = useState(false);
  const enrolled = () => {
    queryClient.clear();
    router.replace("/app");
    router.refresh();
  };
  return (
    <>
      <TotpEnrolmentForm onEnabled={enrolled} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button type="button" variant="link" className="h-auto p-0" onClick={() => setAddingPasskey(true)}>
          Use a passkey instead
        </Button>
        <LogoutButton />
      </div>
      <AddPasskeyDialog open={addingPasskey} onOpenChange={setAddingPasskey} askCode={false} onAdded={enrolled} />
    </>
  );
}
