"use client";

import { Lock } from "lucide-react";
import type { ReplyJson } from "./queries";
import { SenderNotVerified } from "./sender-not-verified";

/**
 * The line above a message: the person by display name first, everywhere in the thread;
 * whether they are the customer or the team (and the address, on hover) is secondary. A mail
 * whose sender is not verified says so: its From line is only a claim.
 */
export function ReplyAuthor({ reply, at }: { reply: ReplyJson; at: string }) {
  const internal = reply.type === "internal";
  const role = reply.authorType === "customer" ? "Customer" : "Support";
  return (
    <p className="mb-1 flex flex-wrap items-center gap-x-1.5 text-xs">
      {internal && <Lock className="size-3" aria-hidden />}
      <span className="font-semibold" title={"authorEmail" in reply ? reply.authorEmail : undefined}>
        {reply.authorName}
      </span>
      <span className="text-muted-foreground">{internal ? "Internal note" : role}</span>
      <span className="text-muted-foreground">· {at}</span>
      {reply.senderVerified === false && (
        <SenderNotVerified explanation="This mail named the ticket only by its number, and its sender's domain did not confirm it was sent from this address. It did not reopen the ticket or notify anyone." />
      )}
    </p>
  );
}

/** The customer's opening message, named the same way as their replies. */
export function OpeningAuthor({ name, email, at }: { name: string; email: string; at: string }) {
  return (
    <p className="mb-1 flex flex-wrap items-center gap-x-1.5 text-xs">
      <span className="font-semibold" title={email}>
        {name}
      </span>
      <span className="text-muted-foreground">Customer</span>
      <span className="text-muted-foreground">· {at}</span>
    </p>
  );
}
