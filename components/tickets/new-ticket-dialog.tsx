"use client";

import { useState, type FormEvent } from "react";
import { Field } from "@/components/ui/field";
import { DialogActions } from "@/components/ui/dialog-actions";
import { DialogShell } from "@/components/ui/dialog-shell";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { toastError } from "@/components/ui/toast-error";
import { useZodForm } from "@/components/ui/use-zod-form";
import { options } from "@/components/ui/option-select";
import { SelectField } from "@/components/ui/select-field";
import { createTicketSchema, MISSING_TICKET_FIELDS } from "@/lib/schemas/tickets";
import { TICKET_CATEGORIES, TICKET_PRIORITIES, PRIORITY_LABELS } from "@/lib/tickets/fields";
import { useCurrentUser } from "@/components/users/use-current-user";
import { can } from "@/lib/permissions/table";
import { CATEGORY_LABELS } from "./category-labels";
import { CustomerPicker } from "./customer-picker";
import { NewTicketButton } from "./new-ticket-button";
import { useAssignableUsers, useCreateTicket } from "./queries";

/** The assignee select's value for "the agent filling in the form" until their id is known. */
const ME = "me";
const UNASSIGNED = "unassigned";

/** The ticket's fields chosen from fixed lists. */
const CHOICES = [
  { field: "priority", label: "Priority", options: options(TICKET_PRIORITIES, PRIORITY_LABELS) },
  { field: "category", label: "Category", options: options(TICKET_CATEGORIES, CATEGORY_LABELS) },
] as const;

const EMPTY = {
  subject: "",
  description: "",
  customerName: "",
  customerEmail: "",
  priority: "medium",
  category: "other",
  assignedTo: ME,
};

export function NewTicketDialog({ onCreated, disabled }: { onCreated: (id: string) => void; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  const form = useZodForm(createTicketSchema, EMPTY);
  const me = useCurrentUser();
  const assignable = useAssignableUsers({ enabled: open && can(me, "tickets.assign") });
  const assignees = [
    { value: UNASSIGNED, label: "Unassigned" },
    ...(assignable.data ?? []).map((u) => ({
      value: u.id,
      label: u.id === me?.id ? `${u.fullName} (me)` : u.fullName,
    })),
  ];
  // New tickets are the agent's own unless they choose otherwise.
  const assignedTo = form.values.assignedTo === ME ? (me?.id ?? UNASSIGNED) : form.values.assignedTo;

  const create = useCreateTicket({
    onSuccess: (ticket) => {
      toast({ title: "Ticket created", description: `Ticket #${ticket.ticketNumber} has been created.` });
      setOpen(false);
      form.reset();
    },
    onError: (error) => toastError("Failed to create ticket", error, "Please try again later"),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (
      !form.check({
        byMessage: { [MISSING_TICKET_FIELDS]: "Missing information" },
        otherwise: "Failed to create ticket",
      })
    )
      return;
    // Opens the new ticket once the lists it appears in have been refreshed.
    create.mutate(
      { ...form.values, assignedTo: assignedTo === UNASSIGNED ? null : assignedTo },
      { onSuccess: (ticket) => onCreated(ticket.id) },
    );
  }

  return (
    <DialogShell
      open={open}
      onOpenChange={setOpen}
      trigger={<NewTicketButton disabled={disabled} />}
      title="New Ticket"
      description="Log a request on behalf of a customer."
      onSubmit={submit}
    >
      <Field id="nt-subject" label="Subject" required error={form.errors.subject}>
        <Input id="nt-subject" {...form.text("subject")} />
      </Field>
      <Field id="nt-description" label="Description" required error={form.errors.description}>
        <Textarea id="nt-description" {...form.text("description")} />
      </Field>
      <CustomerPicker
        onPick={(customer) => {
          form.setValue("customerName", customer.name);
          form.setValue("customerEmail", customer.email);
        }}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="nt-name" label="Customer name" error={form.errors.customerName}>
          <Input id="nt-name" placeholder="Customer" {...form.text("customerName")} />
        </Field>
        <Field id="nt-email" label="Customer email" error={form.errors.customerEmail}>
          <Input id="nt-email" type="email" {...form.text("customerEmail")} />
        </Field>
        {CHOICES.map(({ field, label, options }) => (
          <SelectField
            key={field}
            id={`nt-${field}`}
            label={label}
            value={form.values[field]}
            options={options}
            onChange={(value) => form.setValue(field, value)}
          />
        ))}
        {can(me, "tickets.assign") && (
          <SelectField
            id="nt-assignee"
            label="Assignee"
            value={assignedTo}
            options={assignees}
            onChange={(value) => form.setValue("assignedTo", value)}
          />
        )}
      </div>
      <DialogActions label="Create Ticket" pendingLabel="Creating..." pending={create.isPending} />
    </DialogShell>
  );
}
