"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { DialogShell } from "@/components/ui/dialog-shell";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { SubmitButton } from "@/components/ui/submit-button";
import { options } from "@/components/ui/option-select";
import { SelectField } from "@/components/ui/select-field";
import { toast } from "@/components/ui/use-toast";
import { toastError } from "@/components/ui/toast-error";
import { useZodForm } from "@/components/ui/use-zod-form";
import {
  IMAP_SECURITY,
  IMAP_SECURITY_LABELS,
  imapSettingsSchema,
  PASSWORD_NEEDED,
  type ImapSecurityMode,
} from "@/lib/schemas/imap-mailboxes";
import { useRemoveMailbox, useSaveMailbox, type SupportEmailJson } from "./queries";

const DEFAULT_PORT: Record<ImapSecurityMode, string> = { tls: "993", starttls: "143", none: "143" };

function MailboxForm({ entry, onDone }: { entry: SupportEmailJson; onDone: () => void }) {
  const saved = entry.imapMailbox;
  const form = useZodForm(imapSettingsSchema, {
    host: saved?.host ?? "",
    port: String(saved?.port ?? 993),
    security: (saved?.security ?? "tls") as string,
    username: saved?.username ?? entry.email,
    password: "",
    folder: saved?.folder ?? "INBOX",
  });
  const save = useSaveMailbox(entry.id, {
    onSuccess: () => {
      toast({ title: "Mailbox saved", description: `Ticketry checks ${entry.email} for new mail every minute.` });
      onDone();
    },
    onError: (error) => toastError("Error", error, "Failed to save the mailbox settings"),
  });
  const remove = useRemoveMailbox(entry.id, {
    onSuccess: () => {
      toast({ title: "Mailbox disconnected", description: `Ticketry no longer reads mail from ${entry.email}.` });
      onDone();
    },
    onError: (error) => toastError("Error", error, "Failed to disconnect the mailbox"),
  });

  function chooseSecurity(value: string) {
    // Follow the usual port of the chosen encryption unless a custom port was typed.
    if (Object.values(DEFAULT_PORT).includes(form.values.port))
      form.setValue("port", DEFAULT_PORT[value as ImapSecurityMode]);
    form.setValue("security", value);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = form.check("Validation Error");
    if (!parsed) return;
    // The server keeps a saved password when the field is empty; a new mailbox needs one.
    if (!saved && !parsed.password) return form.setError("password", PASSWORD_NEEDED);
    save.mutate({ ...parsed, password: parsed.password || undefined });
  }

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <div className="grid gap-4 sm:grid-cols-[1fr_7rem]">
        <Field id="imap-host" label="IMAP server" error={form.errors.host} required>
          <Input id="imap-host" placeholder="imap.example.com" autoComplete="off" {...form.text("host")} />
        </Field>
        <Field id="imap-port" label="Port" error={form.errors.port} required>
          <Input id="imap-port" inputMode="numeric" {...form.text("port")} />
        </Field>
      </div>
      <SelectField
        id="imap-security"
        label="Encryption"
        value={form.values.security}
        options={options(IMAP_SECURITY, IMAP_SECURITY_LABELS)}
        onChange={chooseSecurity}
      />
      <Field id="imap-username" label="Username" error={form.errors.username} required>
        <Input id="imap-username" autoComplete="off" {...form.text("username")} />
      </Field>
      <Field
        id="imap-password"
        label="Password"
        error={form.errors.password}
        hint={saved ? "Leave empty to keep the saved password." : "Stored encrypted; never shown again."}
        required={!saved}
      >
        <Input id="imap-password" type="password" autoComplete="new-password" {...form.text("password")} />
      </Field>
      <Field id="imap-folder" label="Folder" error={form.errors.folder} required>
        <Input id="imap-folder" {...form.text("folder")} />
      </Field>
      <DialogFooter className="gap-2 sm:justify-between">
        {saved ? (
          <Button type="button" variant="outline" disabled={remove.isPending} onClick={() => remove.mutate()}>
            {remove.isPending ? "Disconnecting..." : "Disconnect"}
          </Button>
        ) : (
          <span />
        )}
        <SubmitButton pending={save.isPending} pendingLabel="Saving...">
          Save mailbox
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}

/** Settings > Organization: where Ticketry reads an address's mail over IMAP (admins). */
export function MailboxDialog({ entry }: { entry: SupportEmailJson }) {
  const [open, setOpen] = useState(false);
  const label = entry.imapMailbox ? "Mailbox" : "Connect mailbox";
  return (
    <DialogShell
      open={open}
      onOpenChange={setOpen}
      trigger={
        // The accessible name starts with the visible words (WCAG 2.5.3) and names the address.
        <Button variant="outline" size="sm" aria-label={`${label} for ${entry.email}`}>
          {label}
        </Button>
      }
      title={`Mailbox for ${entry.email}`}
      description="Ticketry reads new mail from this IMAP folder every minute and leaves the mailbox as it is (nothing is marked read or deleted)."
    >
      {open && <MailboxForm entry={entry} onDone={() => setOpen(false)} />}
    </DialogShell>
  );
}
