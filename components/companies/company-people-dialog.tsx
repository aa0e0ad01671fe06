"use client";

import { formatDistanceToNowStrict } from "date-fns";
import { X } from "lucide-react";
import Link from "next/link";
import { useState, type FormEvent } from "react";
import { StatusBadge } from "@/components/tickets/ticket-badges";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DialogShell } from "@/components/ui/dialog-shell";
import { Input } from "@/components/ui/input";
import { toastError } from "@/components/ui/toast-error";
import { ticketUrl } from "@/lib/tickets/ticket-url";
import { companyTicketsHref } from "./company-links";
import { useAddCompanyMember, useCompany, useRemoveCompanyMember } from "./queries";

function AddPerson({ companyId }: { companyId: string }) {
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const add = useAddCompanyMember(companyId, {
    onSuccess: () => {
      setEmail("");
      setError(null);
    },
    onError: (e) => {
      setError(e instanceof Error ? e.message : "Could not add the address");
      toastError("Could not add the address", e, "Please try again later");
    },
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    if (email.trim()) add.mutate(email.trim());
  }
  return (
    <form onSubmit={submit} className="grid min-w-0 gap-1" noValidate>
      <label htmlFor="company-person" className="text-sm font-medium">
        Add a person by email
      </label>
      <div className="flex gap-2">
        <Input
          id="company-person"
          type="email"
          placeholder="name@example.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={!!error}
          aria-describedby={error ? "company-person-error" : "company-person-hint"}
        />
        <Button type="submit" disabled={add.isPending || !email.trim()}>
          Add
        </Button>
      </div>
      {error ? (
        <p id="company-person-error" className="text-sm text-destructive">
          {error}
        </p>
      ) : (
        <p id="company-person-hint" className="text-xs text-muted-foreground">
          For people writing from another domain, such as a gmail.com address. Their tickets join the company.
        </p>
      )}
    </form>
  );
}

/** A company's people and latest tickets; admins add and remove people by hand. */
export function CompanyPeopleDialog({
  companyId,
  canManage,
  onOpenChange,
}: {
  companyId: string | null;
  canManage: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const company = useCompany(companyId);
  const remove = useRemoveCompanyMember(companyId ?? "", {
    onError: (e) => toastError("Could not remove the address", e, "Please try again later"),
  });
  const c = company.data;
  return (
    <DialogShell
      open={!!companyId}
      onOpenChange={onOpenChange}
      title={c ? c.name : "Company"}
      description={
        c ? `${c.totalTickets} ticket${c.totalTickets === 1 ? "" : "s"}, ${c.openTickets} open` : "Loading..."
      }
      className="max-h-[90vh] overflow-y-auto sm:max-w-xl"
    >
      {company.isPending ? (
        <p className="text-sm text-muted-foreground">Loading the company...</p>
      ) : company.isError || !c ? (
        <p role="alert" className="text-sm text-destructive">
          Failed to load the company
        </p>
      ) : (
        <div className="grid min-w-0 gap-4 text-sm">
          {c.domains.length > 0 && (
            <div className="flex min-w-0 flex-wrap gap-1">
              {c.domains.map((d) => (
                <Badge key={d} variant="outline" className="max-w-full truncate">
                  {d}
                </Badge>
              ))}
            </div>
          )}
          {c.notes && <p className="rounded-md border bg-muted/40 p-3 break-words whitespace-pre-wrap">{c.notes}</p>}
          <section aria-label="People" className="grid min-w-0 gap-2">
            <h3 className="font-medium">People</h3>
            {c.people.length === 0 ? (
              <p className="text-muted-foreground">Nobody yet: add a domain or a person.</p>
            ) : (
              <ul className="grid min-w-0 gap-1">
                {c.people.map((p) => (
                  <li key={p.email} className="flex min-w-0 items-center gap-2 rounded-md border px-2 py-1.5">
                    <span className="min-w-0 flex-1 truncate">
                      {p.name && <span className="font-medium">{p.name} </span>}
                      <span className="text-muted-foreground">{p.email}</span>
                    </span>
                    <span className="shrink-0 text-xs text-muted-foreground">
                      {p.tickets} ticket{p.tickets === 1 ? "" : "s"}
                    </span>
                    {p.addedByHand && <Badge variant="secondary">Added by hand</Badge>}
                    {p.addedByHand && canManage && (
                      <Button
                        variant="ghost"
                        size="icon"
                        className="size-7"
                        aria-label={`Remove ${p.email}`}
                        disabled={remove.isPending}
                        onClick={() => remove.mutate(p.email)}
                      >
                        <X aria-hidden />
                      </Button>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </section>
          {canManage && <AddPerson companyId={c.id} />}
          <section aria-label="Latest tickets" className="grid min-w-0 gap-2">
            <h3 className="font-medium">Latest tickets</h3>
            {c.recentTickets.length === 0 ? (
              <p className="text-muted-foreground">No tickets yet.</p>
            ) : (
              <ul className="grid min-w-0 gap-1">
                {c.recentTickets.map((t) => (
                  <li key={t.id} className="min-w-0">
                    <Link
                      href={ticketUrl(t.ticketNumber)}
                      className="flex min-w-0 items-center gap-2 rounded-md border px-2 py-1.5 hover:bg-accent"
                    >
                      <span className="min-w-0 flex-1 truncate">
                        <span className="text-muted-foreground">#{t.ticketNumber}</span> {t.subject}
                      </span>
                      <StatusBadge status={t.status} />
                      <span className="shrink-0 text-xs text-muted-foreground max-sm:hidden">
                        {formatDistanceToNowStrict(new Date(t.updatedAt), { addSuffix: true })}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
            <Link
              href={companyTicketsHref(c.id)}
              className="truncate text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              All tickets of {c.name}
            </Link>
          </section>
        </div>
      )}
    </DialogShell>
  );
}
