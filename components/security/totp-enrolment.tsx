"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { SubmitButton } from "@/components/ui/submit-button";
import { usePendingRequest } from "@/components/ui/use-pending-request";
import { useZodForm } from "@/components/ui/use-zod-form";
import { apiRequest } from "@/lib/http/client/api";
import { confirmTotpSchema, type RecoveryCodes, type TotpEnrolment } from "@/lib/schemas/two-factor";
import { PRODUCT_NAME } from "@/lib/site/product";
import { QrCode } from "./qr-code";

/** The secret in groups of four, as people copy it into an app by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

/** The ten recovery codes, shown once: the person saves them before going on. */
function RecoveryCodeList({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="grid gap-3">
      <p className="text-sm">
        Two-factor sign-in is on. Save these recovery codes somewhere safe: each one signs you in once if you lose your
        phone. They are shown only now.
      </p>
      <ul
        className="grid grid-cols-2 gap-2 rounded-md border bg-muted/40 p-3 font-mono text-sm"
        data-testid="recovery-codes"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={() => void navigator.clipboard?.writeText(codes.join("\n"))}>
          Copy codes
        </Button>
        <Button type="button" onClick={onDone}>
          I saved them
        </Button>
      </div>
    </div>
  );
}

/**
 * Setting up an authenticator app: a new secret (added to the app by its QR code, its link or typed in),
 * then a code from the app confirms it and the recovery codes are shown once.
 */
export function TotpEnrolmentForm({ onEnabled }: { onEnabled: () => void }) {
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const form = useZodForm(confirmTotpSchema, { code: "" });
  const start = usePendingRequest({ failure: "Could not start", fallback: "Please try again", stays: true });
  const confirm = usePendingRequest({ failure: "Code not accepted", fallback: "Please try again", stays: true });

  async function begin() {
    await start.run(async () => {
      setEnrolment((await (await apiRequest("POST", "/api/users/two-factor/totp")).json()) as TotpEnrolment);
    });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = form.check("Code required");
    if (!parsed) return;
    await confirm.run(async () => {
      const res = await apiRequest("POST", "/api/users/two-factor/totp/confirm", { code: parsed.code });
      setCodes(((await res.json()) as RecoveryCodes).recoveryCodes);
    });
  }

  if (codes) return <RecoveryCodeList codes={codes} onDone={onEnabled} />;
  if (!enrolment)
    return (
      <div>
        <Button type="button" onClick={() => void begin()} disabled={start.pending}>
          {start.pending ? "Starting..." : "Set up authenticator app"}
        </Button>
      </div>
    );
  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <QrCode value={enrolment.otpauthUrl} label="QR code for your authenticator app" />
        <ol className="grid min-w-0 flex-1 list-decimal gap-2 pl-5 text-sm">
          <li>
            Scan this code with your authenticator app, or add {PRODUCT_NAME} to it another way:{" "}
            <a href={enrolment.otpauthUrl} className="text-primary underline underline-offset-4">
              open in the app
            </a>{" "}
            on this device, or type this key in:
            <code
              className="mt-1 block rounded-md border bg-muted/40 px-2 py-1 font-mono text-sm break-all"
              data-testid="totp-secret"
            >
              {grouped(enrolment.secret)}
            </code>
          </li>
          <li>Enter the 6-digit code the app shows.</li>
        </ol>
      </div>
      <Field id="totp-code" label="Authentication code" required error={form.errors.code}>
        <Input
          id="totp-code"
          autoComplete="one-time-code"
          inputMode="numeric"
          placeholder="123456"
          {...form.text("code")}
        />
      </Field>
      <div>
        <SubmitButton pending={confirm.pending} pendingLabel="Checking...">
          Turn on two-factor
        </SubmitButton>
      </div>
    </form>
  );
}
