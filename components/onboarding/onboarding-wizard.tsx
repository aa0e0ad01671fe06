"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useInvalidateOrganizations } from "@/components/settings/queries";
import { Progress } from "@/components/ui/progress";
import { usePendingRequest } from "@/components/ui/use-pending-request";
import { apiRequest } from "@/lib/http/client/api";
import { PRODUCT_NAME } from "@/lib/site/product";
import { DoneStep, WelcomeStep } from "./simple-steps";
import { SupportEmailStep } from "./support-email-step";
import { TeamStep } from "./team-step";

const STEPS = 4;

/**
 * The onboarding wizard: welcome, support email, team, done. Only the team may mark the
 * organisation as onboarded; anyone else leaves the wizard for /app without a call.
 */
export function OnboardingWizard({ canManage, canFinish }: { canManage: boolean; canFinish: boolean }) {
  const router = useRouter();
  const invalidateOrganizations = useInvalidateOrganizations();
  const [step, setStep] = useState(1);
  const finishing = usePendingRequest({ failure: "Error", fallback: "Please try again later" });
  const next = () => setStep((s) => Math.min(STEPS, s + 1));

  const finish = (how: "complete" | "skip") =>
    finishing.run(async () => {
      if (canFinish) {
        await apiRequest("POST", `/api/onboarding/${how}`);
        await invalidateOrganizations();
      }
      router.replace("/app");
      router.refresh();
    });

  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6">
      <div className="grid gap-2">
        <div className="flex justify-between text-sm text-muted-foreground">
          <span>
            Step {step} of {STEPS}
          </span>
          <span>{Math.round((step / STEPS) * 100)}%</span>
        </div>
        <Progress value={(step / STEPS) * 100} aria-label={`Onboarding progress: step ${step} of ${STEPS}`} />
      </div>
      {step === 1 && (
        <WelcomeStep
          productName={PRODUCT_NAME}
          onStart={next}
          onSkip={() => finish("skip")}
          pending={finishing.pending}
        />
      )}
      {step === 2 && <SupportEmailStep canManage={canManage} onDone={next} />}
      {step === 3 && <TeamStep canManage={canManage} onDone={next} />}
      {step === 4 && <DoneStep onFinish={() => finish("complete")} pending={finishing.pending} />}
    </div>
  );
}
