"use client";

import type { FormEvent } from "react";
import { Checkbox } from "@/components/ui/checkbox";
import { DialogActions } from "@/components/ui/dialog-actions";
import { Field, FieldError } from "@/components/ui/field";
import { FormDialog } from "@/components/ui/form-dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toastError } from "@/components/ui/toast-error";
import { useZodForm } from "@/components/ui/use-zod-form";
import {
  EVENTS_REQUIRED,
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_EVENTS,
  WEBHOOK_URL_MAX,
  webhookInputSchema,
  type WebhookSecret,
} from "@/lib/schemas/webhooks";
import { EVENT_DESCRIPTIONS } from "./events";
import { useCreateEndpoint, useUpdateEndpoint, type EndpointJson } from "./queries";

type FormValues = { url: string; events: string[]; description: string };
/** A new endpoint's id and secret (shown once), with its URL to say whose secret it is. */
export type CreatedEndpoint = WebhookSecret & { url: string };

function EndpointForm({
  endpoint,
  onSaved,
}: {
  endpoint: EndpointJson | null;
  onSaved: (created: CreatedEndpoint | null) => void;
}) {
  const form = useZodForm(webhookInputSchema, {
    url: endpoint?.url ?? "",
    events: endpoint?.events ?? [],
    description: endpoint?.description ?? "",
  } as FormValues);
  const failed = (error: Error) => toastError("Could not save the endpoint", error, "Please try again later");
  const create = useCreateEndpoint({
    onSuccess: (created, input) => onSaved({ ...created, url: input.url }),
    onError: failed,
  });
  const update = useUpdateEndpoint(endpoint?.id ?? "", { onSuccess: () => onSaved(null), onError: failed });
  const pending = create.isPending || update.isPending;

  function toggle(event: string, on: boolean) {
    const events = form.values.events.filter((e) => e !== event);
    form.setValue("events", on ? [...events, event] : events);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = form.check("Validation Error");
    if (!parsed) return;
    if (endpoint) update.mutate({ ...parsed, description: parsed.description ?? null });
    else create.mutate(parsed);
  }

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <Field
        id="webhook-url"
        label="URL"
        hint="Where Ticketry sends the events: an https address your server answers with a 2xx."
        error={form.errors.url}
        required
      >
        <Input
          id="webhook-url"
          type="url"
          inputMode="url"
          placeholder="https://example.com/ticketry-events"
          autoComplete="off"
          maxLength={WEBHOOK_URL_MAX}
          {...form.text("url")}
        />
      </Field>
      <Field id="webhook-description" label="Description" hint="Optional: what receives them, such as CRM sync">
        <Input
          id="webhook-description"
          autoComplete="off"
          maxLength={WEBHOOK_DESCRIPTION_MAX}
          {...form.text("description")}
        />
      </Field>
      <fieldset className="grid gap-2" aria-describedby={form.errors.events ? "webhook-events-error" : undefined}>
        <legend className="mb-1 text-sm font-medium">Events</legend>
        <ul className="grid gap-2" aria-label="Events">
          {WEBHOOK_EVENTS.map((name) => (
            <li key={name} className="flex items-start gap-2">
              <Checkbox
                id={`webhook-event-${name}`}
                className="mt-0.5"
                checked={form.values.events.includes(name)}
                onCheckedChange={(on) => toggle(name, on === true)}
                aria-describedby={`webhook-event-${name}-hint`}
              />
              <span className="grid gap-0.5">
                <Label htmlFor={`webhook-event-${name}`} className="font-mono text-xs">
                  {name}
                </Label>
                <span id={`webhook-event-${name}-hint`} className="text-xs text-muted-foreground">
                  {EVENT_DESCRIPTIONS[name]}
                </span>
              </span>
            </li>
          ))}
        </ul>
        {/* Its one problem from the form is that none is chosen: said in those words, not "is required". */}
        <FieldError id="webhook-events" label="Events" error={form.errors.events && EVENTS_REQUIRED} />
      </fieldset>
      <DialogActions label={endpoint ? "Save Endpoint" : "Add Endpoint"} pendingLabel="Saving..." pending={pending} />
    </form>
  );
}

/** Settings > Webhooks: a new endpoint (on success the card shows its secret) or an endpoint's changes. */
export function EndpointDialog({
  endpoint,
  open,
  onOpenChange,
  onCreated,
}: {
  endpoint: EndpointJson | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (created: CreatedEndpoint) => void;
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={endpoint ? "Edit webhook endpoint" : "New webhook endpoint"}
      description="Ticketry posts each event you choose to this URL, signed with the endpoint's secret."
      className="max-h-[90vh] overflow-y-auto sm:max-w-xl"
    >
      {(done) => (
        <EndpointForm
          endpoint={endpoint}
          onSaved={(created) => {
            if (created) onCreated(created);
            done();
          }}
        />
      )}
    </FormDialog>
  );
}
