"use client";

import { useMutation } from "@tanstack/react-query";
import { X } from "lucide-react";
import { useState, type KeyboardEvent } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { toastError } from "@/components/ui/toast-error";
import { apiRequest } from "@/lib/http/client/api";
import { ccAddressSchema, REPLY_CC_MAX } from "@/lib/schemas/reply-files";
import type { TicketJson } from "@/lib/schemas/tickets";
import { cn } from "@/lib/utils";
import { useInvalidateTickets } from "./queries";

/** One address on the Cc line, with its button to take it off. */
function CcChip({
  address,
  data,
  className,
  title,
  removeLabel,
  onRemove,
}: {
  address: string;
  data: Record<`data-${string}`, string>;
  className: string;
  title: string;
  removeLabel: string;
  onRemove: () => void;
}) {
  return (
    <span
      {...data}
      className={cn(
        "inline-flex max-w-full min-w-0 items-center gap-0.5 rounded-md border py-0.5 pr-0.5 pl-2 text-xs",
        className,
      )}
    >
      <span className="truncate" title={title}>
        {address}
      </span>
      <Button type="button" variant="ghost" size="icon" className="size-5" aria-label={removeLabel} onClick={onRemove}>
        <X aria-hidden />
      </Button>
    </span>
  );
}

/**
 * PATCH /api/tickets/{id} { cc }: the ticket's CCs without `removed`. Told here, not in mutate's
 * callbacks: the CC line may be gone by the answer (the reply box closes when it loses focus).
 */
function useRemoveTicketCc(ticketId: string) {
  const invalidate = useInvalidateTickets();
  return useMutation({
    mutationFn: async ({ cc }: { cc: string[]; removed: string }) =>
      (await apiRequest("PATCH", `/api/tickets/${encodeURIComponent(ticketId)}`, { cc })).json() as Promise<TicketJson>,
    onSuccess: (_ticket, { removed }) => {
      toast({ title: `${removed} no longer gets this ticket's replies` });
      return invalidate();
    },
    onError: (error) => toastError("Failed to change the CCs", error, "Please try again later"),
  });
}

type Props = {
  ticketId: string;
  /** Who the ticket already copies in: every public reply goes to them. */
  current: readonly string[];
  /** Addresses this reply adds (they join the ticket's CCs when it is sent). */
  added: string[];
  onAddedChange: (next: string[]) => void;
};

/**
 * The CC line of a public reply: the ticket's CCs as chips (taking one off changes the ticket at
 * once), then the addresses this reply adds, typed and checked one by one (Enter, comma or
 * leaving the field adds one; a wrong address is said, not sent).
 */
export function ReplyCc({ ticketId, current, added, onAddedChange }: Props) {
  const [text, setText] = useState("");
  const [error, setError] = useState("");
  const removeCc = useRemoveTicketCc(ticketId);

  /** Adds the typed addresses (one, or a pasted list); answers whether all were valid. */
  function commit(raw = text): boolean {
    const parts = raw.split(/[,;\s]+/).filter(Boolean);
    const next = [...added];
    for (const part of parts) {
      const parsed = ccAddressSchema.safeParse(part);
      if (!parsed.success) {
        onAddedChange(next);
        setText(parts.slice(parts.indexOf(part)).join(", "));
        setError(parsed.error.issues[0]?.message ?? "A CC must be a valid email address");
        return false;
      }
      if (current.includes(parsed.data) || next.includes(parsed.data)) continue;
      if (next.length >= REPLY_CC_MAX) {
        onAddedChange(next);
        setError(`A reply may copy in at most ${REPLY_CC_MAX} addresses`);
        return false;
      }
      next.push(parsed.data);
    }
    onAddedChange(next);
    setText("");
    setError("");
    return true;
  }

  function keys(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Enter" || event.key === "," || event.key === ";") {
      if (!text.trim()) return;
      event.preventDefault();
      event.stopPropagation();
      commit();
    } else if (event.key === "Backspace" && !text && added.length) {
      onAddedChange(added.slice(0, -1));
    }
  }

  function takeOff(address: string) {
    removeCc.mutate({ cc: current.filter((a) => a !== address), removed: address });
  }

  return (
    <div className="grid gap-1 border-b border-inherit px-2 py-1" data-reply-cc>
      <div className="flex flex-wrap items-center gap-1.5">
        <label htmlFor="reply-cc" className="text-xs font-medium text-muted-foreground">
          Cc
        </label>
        {current.map((address) => (
          <CcChip
            key={address}
            address={address}
            data={{ "data-cc-current": address }}
            className="bg-muted/60"
            title={address}
            removeLabel={`Stop copying ${address} in`}
            onRemove={() => takeOff(address)}
          />
        ))}
        {added.map((address) => (
          <CcChip
            key={address}
            address={address}
            data={{ "data-cc-added": address }}
            className="border-dashed border-primary/60 bg-primary/5"
            title={`${address} (added with this reply)`}
            removeLabel={`Do not copy ${address} in`}
            onRemove={() => onAddedChange(added.filter((a) => a !== address))}
          />
        ))}
        <input
          id="reply-cc"
          type="email"
          inputMode="email"
          autoComplete="off"
          placeholder={current.length || added.length ? "Add another" : "Add an address to copy in"}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            if (error) setError("");
          }}
          onPaste={(event) => {
            // A pasted list ("a@x.com, b@y.com") becomes chips at once.
            const pasted = event.clipboardData.getData("text");
            if (!/[,;\s]/.test(pasted.trim())) return;
            event.preventDefault();
            commit(text + pasted);
          }}
          onKeyDown={keys}
          onBlur={() => commit()}
          aria-invalid={!!error}
          aria-describedby={error ? "reply-cc-error" : undefined}
          className="h-7 min-w-40 flex-1 bg-transparent text-xs outline-none placeholder:text-muted-foreground"
        />
      </div>
      {error && (
        <p id="reply-cc-error" role="alert" className="text-xs text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
