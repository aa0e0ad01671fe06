"use client";

import { useMutation } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Field } from "@/components/ui/field";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { apiRequest, errorMessage } from "@/lib/http/client/api";
import { OptionSelect, options } from "@/components/tickets/../ui/option-select";

const CATEGORY_LABELS: Record<string, string> = { account: "Account", billing: "Billing", technical: "Technical", other: "Other" };
import { useInvalidateTickets } from "./use-invalidate-tickets";
import { TICKET_CATEGORIES, TICKET_PRIORITIES, PRIORITY_LABELS } from "@/lib/tickets/fields";

const EMPTY = { subject: "", description: "", customerName: "", customerEmail: "", priority: "medium", category: "other" };

export function NewTicketDialog({ onCreated, disabled }: { onCreated: (id: string) => void; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState(EMPTY);
  const invalidate = useInvalidateTickets();
  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));

  const create = useMutation({
    mutationFn: async () => (await apiRequest("POST", "/api/tickets", { ...form, status: "open" })).json() as Promise<{ id: string; ticketNumber: number }>,
    onSuccess: async (ticket) => {
      toast({ title: "Ticket created", description: `Ticket #${ticket.ticketNumber} has been created.` });
      setOpen(false);
      setForm(EMPTY);
      await invalidate();
      onCreated(ticket.id);
    },
    onError: (error) => toast({ title: "Failed to create ticket", description: errorMessage(error, "Please try again later"), variant: "destructive" }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.subject.trim() || !form.description.trim()) {
      toast({ title: "Missing information", description: "Please fill in both subject and description", variant: "destructive" });
      return;
    }
    create.mutate();
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button disabled={disabled}>
          <Plus />
          New Ticket
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>New Ticket</DialogTitle>
            <DialogDescription>Log a request on behalf of a customer.</DialogDescription>
          </DialogHeader>
          <Field id="nt-subject" label="Subject">
            <Input id="nt-subject" value={form.subject} onChange={set("subject")} />
          </Field>
          <Field id="nt-description" label="Description">
            <Textarea id="nt-description" value={form.description} onChange={set("description")} />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="nt-name" label="Customer name">
              <Input id="nt-name" placeholder="Customer" value={form.customerName} onChange={set("customerName")} />
            </Field>
            <Field id="nt-email" label="Customer email">
              <Input id="nt-email" type="email" value={form.customerEmail} onChange={set("customerEmail")} />
            </Field>
            <Field id="nt-priority" label="Priority">
              <OptionSelect id="nt-priority" value={form.priority} options={options(TICKET_PRIORITIES, PRIORITY_LABELS)} onChange={(priority) => setForm((f) => ({ ...f, priority }))} />
            </Field>
            <Field id="nt-category" label="Category">
              <OptionSelect id="nt-category" value={form.category} options={options(TICKET_CATEGORIES, CATEGORY_LABELS)} onChange={(category) => setForm((f) => ({ ...f, category }))} />
            </Field>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? "Creating..." : "Create Ticket"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
