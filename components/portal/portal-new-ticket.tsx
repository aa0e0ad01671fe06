"use client";

import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Field } from "@/components/ui/field";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { errorMessage } from "@/lib/http/client/api";
import { isExpired, type PortalRequest } from "./portal-session";
import type { PortalTicket } from "./types";

type Props = { request: PortalRequest; email: string; onCreated: (ticket: PortalTicket) => void; onCancel: () => void };

/** Portal create view: subject and description, both required after trimming (spec §5). */
export function PortalNewTicket({ request, email, onCreated, onCancel }: Props) {
  const [subject, setSubject] = useState("");
  const [description, setDescription] = useState("");
  const create = useMutation({
    mutationFn: () =>
      request<PortalTicket>("POST", "/api/portal/tickets", {
        subject: subject.trim(),
        description: description.trim(),
        customerEmail: email,
        customerName: email.split("@")[0],
      }),
    onSuccess: (ticket) => {
      toast({ title: "Ticket created", description: `Ticket #${ticket.ticketNumber} is open. We'll email you when we reply.` });
      onCreated(ticket);
    },
    onError: (error) => {
      if (!isExpired(error)) toast({ title: "Failed to create ticket", description: errorMessage(error, "Please try again later"), variant: "destructive" });
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!subject.trim() || !description.trim()) {
      toast({ title: "All fields required", description: "Please fill in both subject and description", variant: "destructive" });
      return;
    }
    create.mutate();
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
          <Field id="portal-subject" label="Subject">
            <Input id="portal-subject" maxLength={200} value={subject} onChange={(e) => setSubject(e.target.value)} />
          </Field>
          <Field id="portal-description" label="Description">
            <Textarea id="portal-description" rows={6} value={description} onChange={(e) => setDescription(e.target.value)} />
          </Field>
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
