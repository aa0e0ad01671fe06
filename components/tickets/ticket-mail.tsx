"use client";

import { format } from "date-fns";
import { Download, Mail, TriangleAlert } from "lucide-react";
import { cn } from "@/lib/utils";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { toastError } from "@/components/ui/toast-error";
import { bounceSentence } from "@/lib/format/mail-bounce";
import { formatFileSize } from "@/lib/format/file-size";
import type { TicketMailMessage } from "@/lib/schemas/ticket-mail";
import type { Jsonify } from "@/lib/schemas/json";
import { useClearBounceNotice, useTicketMail } from "./queries";

type MessageJson = Jsonify<TicketMailMessage>;

const SOURCE_LABELS: Record<string, string> = { smtp: "Email", webhook: "Webhook", imap: "IMAP" };

/** Why a mail was kept as a note instead of a reply: no person wrote it. */
const CLASSIFICATION_LABELS: Record<string, string> = {
  bounce: "Bounce",
  auto_reply: "Auto-reply",
  list: "Mailing list",
  bulk: "Bulk mail",
  null_sender: "No return address",
  own_address: "From our own address",
};

/** Where the original of a received message is downloaded (staff, session cookie). */
export const originalMailUrl = (ticketId: string, messageId: string) =>
  `/api/tickets/${encodeURIComponent(ticketId)}/mail/${encodeURIComponent(messageId)}`;

/**
 * The mail a ticket received, as it arrived: who sent it, whether the sender's domain vouched
 * for it, and the full original (quotes and all) that the stored reply left out. Nothing is
 * shown for a ticket that never received mail.
 */
export function TicketMailSection({ ticketId }: { ticketId: string }) {
  const mail = useTicketMail(ticketId, { enabled: true });
  const messages = mail.data?.messages ?? [];
  if (messages.length === 0) return null;
  const unverified = messages.filter((m) => m.auth?.dmarc === "fail").length;
  return (
    <section aria-label="Email" className="border-t px-4 py-3">
      <details className="group">
        <summary className="flex cursor-pointer list-none items-center gap-2 rounded-sm text-sm font-semibold focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none [&::-webkit-details-marker]:hidden">
          <Mail className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          <span>
            Email <span className="font-normal text-muted-foreground">({messages.length} received)</span>
          </span>
          {unverified > 0 && <Badge variant="destructive">{unverified} not verified</Badge>}
          <span className="ml-auto text-xs font-normal text-muted-foreground group-open:hidden">Show</span>
          <span className="ml-auto hidden text-xs font-normal text-muted-foreground group-open:inline">Hide</span>
        </summary>
        <ol className="mt-3 grid gap-2">
          {messages.map((m) => (
            <MailRow key={m.id} ticketId={ticketId} message={m} />
          ))}
        </ol>
      </details>
    </section>
  );
}

function MailRow({ ticketId, message: m }: { ticketId: string; message: MessageJson }) {
  const received = format(new Date(m.receivedAt), "MMM d, HH:mm");
  return (
    <li data-mail-message={m.id} className="grid min-w-0 gap-1 rounded-md border p-2 text-xs">
      <div className="flex min-w-0 items-baseline gap-2">
        <span className="min-w-0 flex-1 truncate text-sm font-medium" title={m.from ?? undefined}>
          {m.from ?? "(no sender)"}
        </span>
        <time dateTime={m.receivedAt} className="shrink-0 text-muted-foreground tabular-nums">
          {received}
        </time>
      </div>
      <p className="truncate" title={m.subject ?? undefined}>
        {m.subject || <span className="text-muted-foreground">(no subject)</span>}
      </p>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Badge variant="outline">{SOURCE_LABELS[m.source] ?? m.source}</Badge>
        {m.classification && (
          <Badge variant="warning">{CLASSIFICATION_LABELS[m.classification] ?? m.classification}</Badge>
        )}
        <AuthLine auth={m.auth} />
        <a
          href={originalMailUrl(ticketId, m.id)}
          download={`message-${format(new Date(m.receivedAt), "yyyyMMdd-HHmm")}.eml`}
          className="ml-auto inline-flex items-center gap-1 rounded-md border bg-background px-2 py-1 font-medium transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <Download className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
          Download original
          <span className="sr-only"> of the mail received {received}</span>
          <span className="text-muted-foreground">{formatFileSize(m.size)}</span>
        </a>
      </div>
    </li>
  );
}

const VERDICT_CLASSES: Record<string, string> = {
  pass: "text-emerald-700 dark:text-emerald-400",
  fail: "font-semibold text-destructive",
};

/** SPF, DKIM and DMARC as recorded on arrival; a failed DMARC means the From address is not proven. */
function AuthLine({ auth }: { auth: MessageJson["auth"] }) {
  if (!auth) return <span className="text-muted-foreground">Sender checks not recorded</span>;
  const verdicts = [
    ["SPF", auth.spf],
    ["DKIM", auth.dkim],
    ["DMARC", auth.dmarc],
  ] as const;
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
      {verdicts.map(([name, verdict]) => (
        <span key={name} data-auth={name.toLowerCase()}>
          <span className="text-muted-foreground">{name}</span>{" "}
          <span className={cn(VERDICT_CLASSES[verdict] ?? "text-muted-foreground")}>{verdict}</span>
        </span>
      ))}
      {auth.dmarc === "fail" && (
        <Badge variant="destructive">
          <TriangleAlert aria-hidden />
          Not verified sender
        </Badge>
      )}
    </span>
  );
}

/**
 * Told right above the reply box: mail we sent this customer bounced (here or on another ticket),
 * so a reply may not reach them until the address is checked. In our words with the report's
 * status code only: the remote server's text is anyone's to write. An agent clears it.
 */
export function MailBounceWarning({ ticketId, customerEmail }: { ticketId: string; customerEmail: string }) {
  const mail = useTicketMail(ticketId, { enabled: true });
  const clear = useClearBounceNotice(ticketId, {
    onError: (error) => toastError("Could not clear the notice", error, "Please try again later"),
  });
  const failing = mail.data?.customerAddressFailing;
  if (!failing) return null;
  return (
    <div
      data-mail-bounce
      className="flex items-center gap-2 border-t border-destructive/40 bg-destructive/10 px-4 py-2 text-sm"
    >
      <TriangleAlert className="size-4 shrink-0 text-destructive" aria-hidden />
      <p role="status" className="min-w-0 flex-1 break-words">
        <span className="font-medium">{bounceSentence(customerEmail, failing.code)}</span>{" "}
        <time dateTime={failing.failedAt} className="text-muted-foreground">
          {format(new Date(failing.failedAt), "MMM d, HH:mm")}
        </time>
      </p>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="h-7 px-2.5"
        disabled={clear.isPending}
        onClick={() => clear.mutate()}
      >
        Clear<span className="sr-only"> the bounce notice</span>
      </Button>
    </div>
  );
}
