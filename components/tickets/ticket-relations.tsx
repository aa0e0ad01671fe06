"use client";

import { useState } from "react";
import { GitMerge, Link2, Split, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DialogFooter } from "@/components/ui/dialog";
import { DialogShell } from "@/components/ui/dialog-shell";
import { Input } from "@/components/ui/input";
import { useDebounced } from "@/lib/http/client/use-cursor-pages";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import { toastError } from "@/components/ui/toast-error";
import { ApiError, errorMessage } from "@/lib/http/client/api";
import { DIFFERENT_CUSTOMERS, type TicketRef } from "@/lib/schemas/ticket-merge";
import type { TicketJson } from "@/lib/schemas/tickets";
import {
  useLinkTicket,
  useMergeTickets,
  useSplitTicket,
  useTicketRelations,
  useTicketSearch,
} from "./relation-queries";

type Open = ((id: string) => void) | undefined;

/** A ticket named as a link that opens it in the workspace. */
function TicketLink({ ticket, onOpenTicket }: { ticket: TicketRef; onOpenTicket: Open }) {
  return (
    <button
      type="button"
      onClick={() => onOpenTicket?.(ticket.id)}
      className="min-w-0 truncate text-left text-sm underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      title={ticket.subject}
    >
      <span className="text-muted-foreground tabular-nums">#{ticket.ticketNumber}</span> {ticket.subject}
    </button>
  );
}

/** On a merged ticket: where its conversation went, as a banner over the conversation. */
export function MergedIntoBanner({ ticketId, onOpenTicket }: { ticketId: string; onOpenTicket: Open }) {
  const relations = useTicketRelations(ticketId);
  const into = relations.data?.mergedInto;
  if (!into) return null;
  return (
    <p
      data-merged-banner
      className="flex flex-wrap items-center gap-1.5 rounded-md border border-primary/30 bg-primary/10 px-3 py-2 text-sm"
    >
      <GitMerge className="size-4 shrink-0" aria-hidden />
      <span>
        Merged into{" "}
        <button
          type="button"
          onClick={() => onOpenTicket?.(into.id)}
          className="font-medium underline underline-offset-2 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          #{into.ticketNumber}
        </button>
      </span>
    </p>
  );
}

/** A search over the ticket list, the current ticket (and any in `exclude`) left out; picking one calls onPick. */
function TicketPicker({ exclude, onPick }: { exclude: string[]; onPick: (ticket: TicketRef) => void }) {
  const [typed, setTyped] = useState("");
  const q = useDebounced(typed.trim(), 250);
  const found = useTicketSearch(q);
  const tickets = (found.data ?? []).filter((t) => !exclude.includes(t.id));
  return (
    <div className="grid gap-2">
      <Label htmlFor="ticket-picker">Find a ticket</Label>
      <Input
        id="ticket-picker"
        autoFocus
        placeholder="Number, subject or customer..."
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
      />
      <ul aria-label="Tickets found" className="grid max-h-64 gap-1 overflow-y-auto">
        {q && found.isSuccess && tickets.length === 0 && (
          <li className="px-2 py-1.5 text-sm text-muted-foreground">No tickets found</li>
        )}
        {tickets.map((t) => (
          <li key={t.id}>
            <button
              type="button"
              onClick={() => onPick(t)}
              className="grid w-full gap-0.5 rounded-md px-2 py-1.5 text-left hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              <span className="truncate text-sm">
                <span className="text-muted-foreground tabular-nums">#{t.ticketNumber}</span> {t.subject}
              </span>
              <span className="truncate text-xs text-muted-foreground">{t.customerEmail}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * "Merge into...": pick the ticket this one duplicates, then confirm what will happen. Tickets of
 * different customers are asked about once more (the server answers `different_customers`).
 */
function MergeDialog({ ticket, onOpenTicket, offered }: { ticket: TicketJson; onOpenTicket: Open; offered: boolean }) {
  const [open, setOpen] = useState(false);
  const [target, setTarget] = useState<TicketRef | null>(null);
  const [notify, setNotify] = useState(false);
  const [different, setDifferent] = useState<string | null>(null);
  const merge = useMergeTickets();
  const reset = (next: boolean) => {
    setOpen(next);
    setTarget(null);
    setDifferent(null);
    setNotify(false);
  };
  const run = (confirmDifferentCustomers: boolean) =>
    target &&
    merge.mutate(
      { survivorId: target.id, ticketIds: [ticket.id], notifyCustomers: notify, confirmDifferentCustomers },
      {
        onSuccess: () => {
          toast({
            title: "Tickets merged",
            description: `#${ticket.ticketNumber} was merged into #${target.ticketNumber}.`,
          });
          reset(false);
          onOpenTicket?.(target.id);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === DIFFERENT_CUSTOMERS) setDifferent(error.error);
          else toastError("Tickets not merged", error, "Please try again later");
        },
      },
    );
  return (
    <DialogShell
      open={open}
      onOpenChange={reset}
      trigger={
        offered && (
          <Button type="button" variant="outline" size="sm">
            <GitMerge aria-hidden />
            Merge into...
          </Button>
        )
      }
      title={`Merge #${ticket.ticketNumber} into another ticket`}
      description="Choose the ticket this one duplicates: the conversation continues there."
      className="sm:max-w-md"
    >
      {!target ? (
        <TicketPicker exclude={[ticket.id]} onPick={setTarget} />
      ) : (
        <div className="grid gap-3 text-sm" data-merge-confirm>
          <p>
            #{ticket.ticketNumber} will be closed, and its messages, notes, files, tags and CCs will move to{" "}
            <strong>
              #{target.ticketNumber} {target.subject}
            </strong>
            . Replies to its emails will reach #{target.ticketNumber}.
          </p>
          <div className="flex items-center gap-2">
            <Checkbox id="merge-notify" checked={notify} onCheckedChange={(v) => setNotify(v === true)} />
            <Label htmlFor="merge-notify">Tell the customer by email</Label>
          </div>
          {different && (
            <p role="alert" className="rounded-md border border-warning/50 bg-warning/10 p-2">
              {different}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setTarget(null)} disabled={merge.isPending}>
              Back
            </Button>
            <Button type="button" onClick={() => run(different !== null)} disabled={merge.isPending}>
              {different ? "Merge anyway" : `Merge into #${target.ticketNumber}`}
            </Button>
          </DialogFooter>
        </div>
      )}
    </DialogShell>
  );
}

/** "Link ticket": pick a related ticket; it is shown on both. */
function LinkDialog({ ticket, linked }: { ticket: TicketJson; linked: string[] }) {
  const [open, setOpen] = useState(false);
  const link = useLinkTicket(ticket.id);
  return (
    <DialogShell
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button type="button" variant="outline" size="sm">
          <Link2 aria-hidden />
          Link ticket
        </Button>
      }
      title={`Link a ticket to #${ticket.ticketNumber}`}
      description="Related tickets are shown on both, for example the same outage."
      className="sm:max-w-md"
    >
      <TicketPicker
        exclude={[ticket.id, ...linked]}
        onPick={(other) =>
          link.mutate(
            { otherId: other.id, linked: true },
            {
              onSuccess: () => {
                toast({ title: "Ticket linked", description: `#${other.ticketNumber} is now related.` });
                setOpen(false);
              },
              onError: (error) => toastError("Ticket not linked", error, "Please try again later"),
            },
          )
        }
      />
    </DialogShell>
  );
}

/** The details panel's part on other tickets: merged ones, related ones, and the actions to add them. */
export function TicketRelationsSection({ ticket, onOpenTicket }: { ticket: TicketJson; onOpenTicket: Open }) {
  const relations = useTicketRelations(ticket.id);
  const unlink = useLinkTicket(ticket.id);
  const data = relations.data;
  const related = data?.related ?? [];
  return (
    <section aria-labelledby={`relations-${ticket.id}`} className="grid gap-2 border-t p-4" data-ticket-relations>
      <h3 id={`relations-${ticket.id}`} className="text-sm font-medium">
        Related tickets
      </h3>
      {related.length === 0 && <p className="text-sm text-muted-foreground">No related tickets</p>}
      {related.length > 0 && (
        <ul className="grid gap-1">
          {related.map((r) => (
            <li key={r.id} className="flex min-w-0 items-center gap-1">
              <TicketLink ticket={r} onOpenTicket={onOpenTicket} />
              <button
                type="button"
                aria-label={`Unlink ticket #${r.ticketNumber}`}
                disabled={unlink.isPending}
                onClick={() =>
                  unlink.mutate(
                    { otherId: r.id, linked: false },
                    { onError: (error) => toastError("Ticket not unlinked", error, "Please try again later") },
                  )
                }
                className="ml-auto shrink-0 rounded-sm p-0.5 text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                <X className="size-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      {data && data.merged.length > 0 && (
        <div className="grid gap-1">
          <h4 className="text-xs text-muted-foreground">Merged into this ticket</h4>
          <ul className="grid gap-1">
            {data.merged.map((m) => (
              <li key={m.id} className="flex min-w-0">
                <TicketLink ticket={m} onOpenTicket={onOpenTicket} />
              </li>
            ))}
          </ul>
        </div>
      )}
      {/* Kept mounted once merged: the merge's own answer (its toast, opening the survivor) arrives after. */}
      <div className="flex flex-wrap gap-2 pt-1 empty:hidden">
        <MergeDialog ticket={ticket} onOpenTicket={onOpenTicket} offered={!!data && !data.mergedInto} />
        {data && !data.mergedInto && <LinkDialog ticket={ticket} linked={related.map((r) => r.id)} />}
      </div>
    </section>
  );
}

/** On a customer's message: "Split into a new ticket", asked first; the new ticket then opens. */
export function SplitMessageButton({
  ticketId,
  replyId,
  onOpenTicket,
}: {
  ticketId: string;
  replyId: string;
  onOpenTicket: Open;
}) {
  const split = useSplitTicket(ticketId, {
    onSuccess: (created) => {
      toast({ title: "Ticket created", description: `Ticket #${created.ticketNumber} has been created.` });
      onOpenTicket?.(created.id);
    },
    onError: (error) =>
      toast({
        title: "Message not split",
        description: errorMessage(error, "Please try again later"),
        variant: "destructive",
      }),
  });
  return (
    <ConfirmDialog
      trigger={
        <Button type="button" variant="ghost" size="sm" className="h-6 px-1.5 text-xs" disabled={split.isPending}>
          <Split aria-hidden className="size-3" />
          Split into a new ticket
        </Button>
      }
      title="Split into a new ticket?"
      description="This message leaves this ticket and becomes a new ticket of the same customer, with its files. Both tickets' history will say so."
      confirm="Split"
      onConfirm={() => split.mutate(replyId)}
    />
  );
}
