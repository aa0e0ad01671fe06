"use client";

import { useState, type FormEvent } from "react";
import { Field } from "@/components/ui/field";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { AttachFilesButton, PendingFiles } from "@/components/tickets/pending-files";
import { sendNewTicketFiles, useNewTicketFiles } from "./new-ticket-files";
import { cn } from "@/lib/utils";
import { toast } from "@/components/ui/use-toast";
import { toastError } from "@/components/ui/toast-error";
import { useZodForm } from "@/components/ui/use-zod-form";
import { portalTicketSchema } from "@/lib/schemas/portal";
import { MISSING_TICKET_FIELDS } from "@/lib/schemas/tickets";
import { SUGGESTION_OPENS_MAX } from "@/lib/schemas/kb-deflection";
import { ArticleSuggestions } from "./article-suggestions";
import { isExpired, type PortalRequest } from "./portal-session";
import { useCreatePortalTicket, type PortalTicketJson } from "./queries";
import { PortalFieldInputs, portalFieldValues, usePortalFields, type PortalFieldValues } from "./portal-fields";

type Props = {
  /** The portal's organisation (its help center suggests articles for the subject). */
  org: string;
  request: PortalRequest;
  email: string;
  onCreated: (ticket: PortalTicketJson) => void;
  onCancel: () => void;
};

/**
 * Portal create view: subject and description, both required after trimming. While the subject is
 * typed, the help center's matching articles are offered under it; the ones the customer opened go
 * with the ticket if they still send it (their latest few), so they are not counted as answered.
 */
export function PortalNewTicket({ org, request, email, onCreated, onCancel }: Props) {
  const form = useZodForm(portalTicketSchema, { subject: "", description: "" });
  // Files wait in the page until the ticket exists, then go up and join its first message.
  const files = useNewTicketFiles();
  const [openIds, setOpenIds] = useState<string[]>([]);
  const fields = usePortalFields(request);
  const [fieldValues, setFieldValues] = useState<PortalFieldValues>({});
  const create = useCreatePortalTicket(request, {
    onSuccess: async (ticket) => {
      const failed = files.ready.length > 0 ? await sendNewTicketFiles(org, ticket.id, files.ready) : [];
      if (failed.length > 0)
        toast({
          title: "Some files were not attached",
          description: failed.map((f) => `${f.name}: ${f.error}`).join("; "),
          variant: "destructive",
        });
      toast({
        title: "Ticket created",
        description: `Ticket #${ticket.ticketNumber} is open. We'll email you when we reply.`,
      });
      onCreated(ticket);
    },
    onError: (error) => {
      if (!isExpired(error)) toastError("Failed to create ticket", error, "Please try again later");
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const ticket = form.check({
      byMessage: { [MISSING_TICKET_FIELDS]: "All fields required" },
      otherwise: "Failed to create ticket",
    });
    const customFields = portalFieldValues(fields.data?.fields ?? [], fieldValues);
    if (ticket) create.mutate({ ...ticket, email, suggestionOpenIds: openIds, customFields });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="text-xl">
          Create New Ticket
        </CardTitle>
        <CardDescription>Describe your issue and our support team will respond by email and here.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <Field id="portal-subject" label="Subject" required error={form.errors.subject}>
            <Input id="portal-subject" maxLength={200} autoComplete="off" {...form.text("subject")} />
          </Field>
          <ArticleSuggestions
            org={org}
            subject={form.values.subject}
            onOpened={(id) => setOpenIds((ids) => [...ids, id].slice(-SUGGESTION_OPENS_MAX))}
          />
          <Field id="portal-description" label="Description" required error={form.errors.description}>
            <Textarea id="portal-description" rows={6} onPaste={files.onPaste} {...form.text("description")} />
          </Field>
          <div
            {...files.dropHandlers}
            data-dragging={files.dragging || undefined}
            className={cn(
              "grid gap-2 rounded-md border border-dashed p-3",
              files.dragging && "border-primary ring-[3px] ring-ring/50",
            )}
          >
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <AttachFilesButton uploads={files} id="portal-new-files" />
              <span className="text-xs text-muted-foreground">or drop or paste files here</span>
            </div>
            <PendingFiles uploads={files} />
          </div>
          <PortalFieldInputs
            fields={fields.data?.fields ?? []}
            values={fieldValues}
            onChange={(key, value) => setFieldValues((current) => ({ ...current, [key]: value }))}
          />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? "Creating..." : "Create Ticket"}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
