"use client";

import { useQueryClient } from "@tanstack/react-query";
import { formatDistanceToNow } from "date-fns";
import { useState, type FormEvent } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DialogActions } from "@/components/ui/dialog-actions";
import { Field } from "@/components/ui/field";
import { FormDialog } from "@/components/ui/form-dialog";
import { Input } from "@/components/ui/input";
import { toastError } from "@/components/ui/toast-error";
import { toast } from "@/components/ui/use-toast";
import { usePendingRequest } from "@/components/ui/use-pending-request";
import { useZodForm } from "@/components/ui/use-zod-form";
import { apiRequest } from "@/lib/http/client/api";
import { renamePasskeySchema, type PasskeyJson } from "@/lib/schemas/passkeys";
import { AddPasskeyDialog } from "./add-passkey-dialog";
import { securityKeys, usePasskeys, useTwoFactorStatus } from "./queries";

function RenamePasskeyForm({ passkey, onDone }: { passkey: PasskeyJson; onDone: () => void }) {
  const form = useZodForm(renamePasskeySchema, { name: passkey.name });
  const request = usePendingRequest({ failure: "Could not rename", fallback: "Please try again", stays: true });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = form.check("Missing fields");
    if (!parsed) return;
    await request.run(async () => {
      await apiRequest("PATCH", `/api/users/passkeys/${passkey.id}`, parsed);
      toast({ title: "Passkey renamed" });
      onDone();
    });
  }

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <Field id="passkey-new-name" label="Name" required error={form.errors.name}>
        <Input id="passkey-new-name" autoComplete="off" {...form.text("name")} />
      </Field>
      <DialogActions label="Save" pendingLabel="Saving..." pending={request.pending} />
    </form>
  );
}

function PasskeyRow({ passkey, onChanged }: { passkey: PasskeyJson; onChanged: () => void }) {
  const [renaming, setRenaming] = useState(false);
  const [removing, setRemoving] = useState(false);

  async function remove() {
    setRemoving(true);
    try {
      await apiRequest("DELETE", `/api/users/passkeys/${passkey.id}`);
      toast({ title: "Passkey removed" });
      onChanged();
    } catch (error) {
      toastError("Could not remove the passkey", error, "Please try again");
    } finally {
      setRemoving(false);
    }
  }

  return (
    <li className="flex flex-wrap items-center gap-3 p-3 text-sm" data-testid="passkey-row">
      <div className="grid min-w-0 flex-1 gap-0.5">
        <span className="flex items-center gap-2 font-medium">
          <span className="truncate">{passkey.name}</span>
          {passkey.synced && <Badge variant="secondary">Synced</Badge>}
        </span>
        <span className="text-muted-foreground">
          Added {formatDistanceToNow(new Date(passkey.createdAt), { addSuffix: true })} ·{" "}
          {passkey.lastUsedAt
            ? `Last used ${formatDistanceToNow(new Date(passkey.lastUsedAt), { addSuffix: true })}`
            : "Not used yet"}
        </span>
      </div>
      <div className="flex gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => setRenaming(true)}>
          Rename
        </Button>
        <ConfirmDialog
          trigger={
            <Button type="button" variant="outline" size="sm" disabled={removing}>
              {removing ? "Removing..." : "Remove"}
            </Button>
          }
          title={`Remove the passkey "${passkey.name}"?`}
          description="It will no longer sign you in. Remove it from the device's passkeys too."
          confirm="Remove passkey"
          onConfirm={() => void remove()}
        />
      </div>
      <FormDialog
        open={renaming}
        onOpenChange={setRenaming}
        title="Rename passkey"
        description="A name that tells you which device or password manager holds it."
      >
        {(done) => (
          <RenamePasskeyForm
            passkey={passkey}
            onDone={() => {
              done();
              onChanged();
            }}
          />
        )}
      </FormDialog>
    </li>
  );
}

/** Profile: the user's passkeys, to sign in without a password or as the step after it. */
export function PasskeysCard() {
  const passkeys = usePasskeys();
  const twoFactor = useTwoFactorStatus();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: securityKeys.passkeys });
    void queryClient.invalidateQueries({ queryKey: securityKeys.twoFactor });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Passkeys</CardTitle>
        <CardDescription>
          Sign in with your fingerprint, face or screen lock instead of your password. A passkey also counts as your
          second step after the password.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {passkeys.isPending ? (
          <p className="text-sm text-muted-foreground">Loading passkeys...</p>
        ) : passkeys.isError ? (
          <p className="text-sm text-destructive">Failed to load passkeys</p>
        ) : passkeys.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No passkeys yet.</p>
        ) : (
          <ul className="divide-y rounded-md border" data-testid="passkey-list">
            {passkeys.data.map((passkey) => (
              <PasskeyRow key={passkey.id} passkey={passkey} onChanged={refresh} />
            ))}
          </ul>
        )}
        <div>
          <Button type="button" variant="outline" onClick={() => setAdding(true)}>
            Add a passkey
          </Button>
        </div>
        <AddPasskeyDialog
          open={adding}
          onOpenChange={setAdding}
          askCode={!!twoFactor.data?.enabled}
          onAdded={refresh}
        />
      </CardContent>
    </Card>
  );
}
