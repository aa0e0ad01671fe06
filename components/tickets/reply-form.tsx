"use client";

import { BookOpen, EyeOff, MessageSquareText, X } from "lucide-react";
import { useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { flushSync } from "react-dom";
import { ArticlePicker, type ArticleInsert } from "@/components/kb/article-picker";
import { useArticleTarget } from "@/components/kb/article-target";
import { MacroPicker } from "@/components/macros/macro-picker";
import { PendingMacro } from "@/components/macros/pending-macro";
import { useMacroTarget } from "@/components/macros/macro-target";
import type { MacroJson } from "@/components/macros/queries";
import { useOrganization } from "@/components/settings/queries";
import { macroChangesText } from "@/lib/macros/changes-text";
import { renderPlaceholders } from "@/lib/macros/placeholders";
import { can } from "@/lib/permissions/table";
import { cn } from "@/lib/utils";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { toastError } from "@/components/ui/toast-error";
import { useCurrentUser } from "@/components/users/use-current-user";
import { useNextInQueue, useOpenNextAfterSend } from "./next-in-queue";
import { draftKey, useReplyDraft, type ReplyKind } from "./reply-draft";
import { useFocusWithin } from "./reply-focus";
import { useReplyKind } from "./reply-kind";
import { ReplyKindTabs } from "./reply-kind-tabs";
import { ReplySendButton } from "./reply-send-button";
import { SEND_ACTIONS, useSendAction, type SendAction } from "./reply-send-action";
import { ReopenDialog } from "./reopen-dialog";
import type { TicketJson } from "@/lib/schemas/tickets";
import { useCreateReply } from "./queries";
import { staleWriteOf } from "@/components/live/stale-write";
import { applyFormat, formatForKey, type FormatAction } from "@/lib/format/markdown-edit";
import { FormatToolbar } from "./format-toolbar";
import { WriteOrPreview } from "./write-or-preview";
import { ReplyPreview } from "./reply-preview";
import { useFileUploads } from "./file-uploads";
import { AttachFilesButton, PendingFiles } from "./pending-files";
import { ReplyCc } from "./reply-cc";

type Props = {
  ticket: Pick<TicketJson, "id" | "ticketNumber" | "status" | "subject" | "customerName" | "customerEmail" | "cc">;
  canWriteNotes: boolean;
  /** Opens another ticket (the next in the queue, after "Send and set ..."). */
  onOpenTicket?: (id: string) => void;
  /** A keystroke in the reply (the others see this agent typing). */
  onTyping?: () => void;
  /** The reply went out (typing stops). */
  onSent?: () => void;
};

/**
 * Public reply or internal note, chosen by two tabs; a note's box is amber and says who sees
 * it, and after a note the box goes back to replying (see reply-kind.ts). Empty or
 * whitespace-only text cannot be sent. Each kind keeps its own draft per ticket; a public reply
 * to a closed ticket asks to reopen it first. Ctrl/Cmd+Enter sends as the Send button says; Esc
 * leaves the box, so the next key is a shortcut again. Idle and empty, the box is two lines and
 * gives the conversation the room; it grows with its tools once focused or holding a draft.
 * Staff write Markdown, with formatting buttons and a Preview rendered by the server; a
 * customer's reply (an end user's account) stays plain text.
 */
export function ReplyForm({ ticket, canWriteNotes, onOpenTicket, onTyping, onSent }: Props) {
  const me = useCurrentUser();
  const replyKind = useReplyKind(me?.id, ticket.id);
  const internal = canWriteNotes && replyKind.kind === "internal";
  const kind = internal ? "internal" : "public";
  const [askReopen, setAskReopen] = useState(false);
  const formatted = canWriteNotes;
  const [mode, setMode] = useState<"write" | "preview">("write");
  const textarea = useRef<HTMLTextAreaElement>(null);
  // Where the cursor goes once a formatting edit has been rendered.
  const selectNext = useRef<{ start: number; end: number } | null>(null);
  useLayoutEffect(() => {
    const next = selectNext.current;
    if (!next || !textarea.current) return;
    selectNext.current = null;
    textarea.current.focus();
    textarea.current.setSelectionRange(next.start, next.end);
  });
  const draft = useReplyDraft(draftKey(me?.id, ticket.id, kind));
  const [chosenAction, chooseAction] = useSendAction(me?.id);
  const action = canWriteNotes ? chosenAction : SEND_ACTIONS[0];
  const [openNext, setOpenNext] = useOpenNextAfterSend(me?.id);
  const nextInQueue = useNextInQueue();
  const focus = useFocusWithin();
  // A reply written while someone else answered is held back: the draft stays for review.
  const [stale, setStale] = useState<{ version: number; status?: string } | null>(null);
  // Said to screen readers when the box goes back to replying by itself.
  const [kindNews, setKindNews] = useState("");
  const send = useCreateReply(ticket.id, {
    onSuccess: (_reply, { type }) => {
      setStale(null);
      setMode("write");
      onSent?.();
      toast({ title: type === "internal" ? "Note added" : "Reply sent" });
    },
    onError: (error, { status }) => {
      const conflict = staleWriteOf(error);
      if (conflict) setStale({ version: conflict.current.version, status });
      else toastError("Failed to send reply", error, "Please try again later");
    },
  });
  const content = draft.text;
  const mayUseMacros = can(me, "macros.read");
  const organization = useOrganization(me?.organizationId ?? "");
  const [pickingMacro, setPickingMacro] = useState(false);
  // The macro whose field changes go with this reply (the latest applied one that has any).
  const [macro, setMacro] = useState<MacroJson | null>(null);
  // Knowledge base articles inserted into this reply: recorded as sent with it.
  const mayInsertArticles = canWriteNotes && can(me, "kb.read");
  const [pickingArticle, setPickingArticle] = useState(false);
  const [articles, setArticles] = useState<{ id: string; title: string }[]>([]);
  // Files go up as soon as they are picked, dropped or pasted; the reply names them when sent.
  const uploads = useFileUploads(`/api/tickets/${encodeURIComponent(ticket.id)}/attachments`);
  // Addresses this public reply copies in (staff only), kept per ticket like the files.
  const [ccState, setCcState] = useState<{ ticketId: string; list: string[] }>({ ticketId: ticket.id, list: [] });
  const ccAdded = ccState.ticketId === ticket.id ? ccState.list : [];
  const setCcAdded = (list: string[]) => setCcState({ ticketId: ticket.id, list });
  const withCc = canWriteNotes && !internal;
  const active =
    focus.within ||
    uploads.files.length > 0 ||
    ccAdded.length > 0 ||
    content !== "" ||
    mode === "preview" ||
    pickingMacro ||
    pickingArticle ||
    articles.length > 0 ||
    !!stale ||
    !!macro;

  /** Puts text where the cursor was, on a line of its own start, and the cursor after it. */
  function insertText(text: string) {
    const area = textarea.current;
    const start = area ? area.selectionStart : content.length;
    const end = area ? area.selectionEnd : content.length;
    const before = content.slice(0, start);
    const glue = before && !before.endsWith("\n") ? "\n" : "";
    draft.update(before + glue + text + content.slice(end));
    const caret = before.length + glue.length + text.length;
    // The text is there to be edited: back to Write, the cursor after it.
    setMode("write");
    selectNext.current = { start: caret, end: caret };
  }

  /** Fills the macro's placeholders from this ticket and puts its text where the cursor was. */
  function applyMacro(picked: MacroJson) {
    const text = renderPlaceholders(picked.body, {
      ticket,
      agent: { fullName: me?.fullName ?? null },
      organization: organization.data ? { name: organization.data.name } : null,
    });
    insertText(text);
    if (macroChangesText(picked).length > 0) setMacro(picked);
  }
  useMacroTarget(applyMacro);

  /** A link to the article or its text where the cursor was; the article goes with the reply as sent. */
  function insertArticle(picked: ArticleInsert) {
    insertText(picked.text);
    setArticles((list) =>
      list.some((a) => a.id === picked.id) ? list : [...list, { id: picked.id, title: picked.title }],
    );
  }
  useArticleTarget(() => mayInsertArticles && setPickingArticle(true));

  function format(action: FormatAction) {
    const el = textarea.current;
    if (!el) return;
    const edit = applyFormat(action, { value: content, start: el.selectionStart, end: el.selectionEnd });
    selectNext.current = { start: edit.start, end: edit.end };
    draft.update(edit.value);
    onTyping?.();
  }

  function formatKey(event: KeyboardEvent<HTMLTextAreaElement>) {
    const action = formatted ? formatForKey(event) : null;
    if (!action) return;
    // The reply box's own meaning wins: Ctrl+B here is bold, not the sidebar.
    event.preventDefault();
    event.stopPropagation();
    format(action);
  }

  // Synchronous, so the "r" and "n" shortcuts can put the cursor in the box straight after.
  const showMode = (next: "write" | "preview") => flushSync(() => setMode(next));

  function sendNow(status?: string, version?: number) {
    const sentKey = draftKey(me?.id, ticket.id, kind);
    // Read now: once the status changes, the refreshed queue may no longer hold this ticket.
    const next = status && openNext && onOpenTicket ? nextInQueue(ticket.id) : null;
    send.mutate(
      {
        content: content.trim(),
        type: kind,
        ...(status ? { status } : {}),
        ...(version ? { version } : {}),
        ...(macro ? { macroId: macro.id } : {}),
        ...(articles.length ? { articleIds: articles.map((a) => a.id) } : {}),
        ...(uploads.ids.length ? { attachmentIds: uploads.ids } : {}),
        ...(withCc && ccAdded.length ? { cc: ccAdded } : {}),
      },
      {
        onSuccess: () => {
          draft.clear(sentKey);
          uploads.clear();
          if (withCc) setCcAdded([]);
          setMacro(null);
          setArticles([]);
          if (kind === "internal" && replyKind.noteAdded()) setKindNews("Back to a reply to the customer");
          if (next) onOpenTicket?.(next);
        },
      },
    );
  }

  /** Sends as the Send button says: a note, or a reply with the chosen send action. */
  function sendAs(chosen: SendAction) {
    if (!content.trim() || send.isPending || uploads.uploading) return;
    if (internal) return sendNow();
    if (chosen.status) return sendNow(chosen.status);
    if (ticket.status === "closed") setAskReopen(true);
    else sendNow();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    sendAs(action);
  }

  function chooseKind(next: ReplyKind) {
    setKindNews("");
    replyKind.choose(next);
  }

  /** Ctrl/Cmd+Enter sends from anywhere in the box; Esc leaves it (the draft stays). */
  function boxKeys(event: KeyboardEvent<HTMLFormElement>) {
    // Keys in the menus and dialogs the box opens (rendered elsewhere in the page) are theirs.
    if (event.defaultPrevented || event.nativeEvent.isComposing) return;
    if (!event.currentTarget.contains(event.target as Node)) return;
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey) {
      event.preventDefault();
      sendAs(action);
    } else if (event.key === "Escape") {
      event.preventDefault();
      (event.target as HTMLElement).blur();
    }
  }

  // A file still uploading would be left out: the reply waits for it.
  const canSend = !!content.trim() && !send.isPending && !uploads.uploading;
  const describedBy = [
    canWriteNotes && "reply-kind-hint",
    "reply-draft-state",
    formatted && active && "reply-format-hint",
  ]
    .filter(Boolean)
    .join(" ");
  return (
    <form onSubmit={submit} onKeyDown={boxKeys} {...focus.handlers} className="grid gap-2 border-t px-4 pt-2 pb-3">
      <Label htmlFor="reply-content" className="sr-only">
        {internal ? "Internal note" : "Reply"}
      </Label>
      <div>
        {canWriteNotes && (
          // On a narrow screen the hint goes above the tabs, so the chosen tab stays on its box.
          <div className="flex flex-wrap-reverse items-end justify-between gap-x-3">
            <ReplyKindTabs kind={kind} onChoose={chooseKind} panel="reply-panel" />
            <p
              id="reply-kind-hint"
              className={cn(
                "flex min-w-0 items-center gap-1.5 pb-1.5 text-xs [&_svg]:size-3.5 [&_svg]:shrink-0",
                internal ? "font-medium text-foreground" : "text-muted-foreground",
              )}
            >
              {internal ? (
                <>
                  <EyeOff aria-hidden /> Only your team sees this
                </>
              ) : (
                <span className="truncate" title={ticket.customerEmail}>
                  To {ticket.customerName || ticket.customerEmail}
                </span>
              )}
            </p>
          </div>
        )}
        <div
          id="reply-panel"
          data-reply-kind={kind}
          {...(canWriteNotes ? { role: "tabpanel", "aria-labelledby": `reply-kind-${kind}` } : {})}
          className={cn(
            "grid rounded-md border-2 transition-colors has-[textarea:focus-visible]:ring-[3px] has-[textarea:focus-visible]:ring-ring/50",
            canWriteNotes && "rounded-tl-none",
            internal ? "border-warning bg-warning/15" : "border-primary/60 bg-background",
            uploads.dragging && "border-dashed ring-[3px] ring-ring/50",
          )}
          {...uploads.dropHandlers}
          data-dragging={uploads.dragging || undefined}
        >
          {formatted && active && (
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-inherit px-2 py-1">
              <WriteOrPreview label="Reply view" marker="data-reply-mode" mode={mode} onChange={showMode} />
              {mode === "write" && <FormatToolbar controls="reply-content" onFormat={format} />}
              <span id="reply-format-hint" className="ml-auto text-xs text-muted-foreground">
                Markdown supported
              </span>
            </div>
          )}
          {withCc && active && (
            <ReplyCc ticketId={ticket.id} current={ticket.cc ?? []} added={ccAdded} onAddedChange={setCcAdded} />
          )}
          {mode === "preview" && formatted ? (
            <ReplyPreview content={content} id="reply-preview" />
          ) : (
            <Textarea
              ref={textarea}
              id="reply-content"
              rows={2}
              placeholder={
                internal ? "Write an internal note (only your team sees it)..." : "Write a reply to the customer..."
              }
              value={content}
              onChange={(e) => {
                draft.update(e.target.value);
                onTyping?.();
              }}
              onKeyDown={formatKey}
              onPaste={uploads.onPaste}
              aria-describedby={describedBy}
              className={cn(
                "resize-none border-0 bg-transparent shadow-none focus-visible:ring-0",
                // Grows with its text once in use, up to a part of the screen; idle, two lines.
                active ? "field-sizing-content max-h-[40vh] min-h-28" : "min-h-0",
              )}
            />
          )}
        </div>
      </div>
      {stale && (
        <div
          role="alert"
          data-stale-reply
          className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-warning/60 bg-warning/10 px-3 py-2 text-sm"
        >
          <span>A new reply came in while you were writing. Review it above, then send yours.</span>
          <div className="flex gap-2">
            <Button type="button" size="sm" variant="outline" onClick={() => setStale(null)}>
              Keep editing
            </Button>
            <Button type="button" size="sm" disabled={!canSend} onClick={() => sendNow(stale.status, stale.version)}>
              Send anyway
            </Button>
          </div>
        </div>
      )}
      <PendingFiles uploads={uploads} label={internal ? "Files for the note" : "Files to send"} />
      {macro && <PendingMacro macro={macro} onDrop={() => setMacro(null)} />}
      {articles.length > 0 && (
        <div data-pending-articles className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-muted-foreground">Sends articles:</span>
          {articles.map((a) => (
            <span
              key={a.id}
              className="inline-flex items-center gap-1 rounded-md border bg-muted/50 py-0.5 pr-0.5 pl-2"
            >
              <span className="max-w-60 truncate">{a.title}</span>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-6"
                aria-label={`Do not record ${a.title} as sent`}
                onClick={() => setArticles((list) => list.filter((x) => x.id !== a.id))}
              >
                <X aria-hidden />
              </Button>
            </span>
          ))}
        </div>
      )}
      <div className={cn("flex flex-wrap items-center justify-between gap-2", !active && "hidden")}>
        <div className="flex flex-wrap items-center gap-3">
          {internal && (
            <div className="flex items-center gap-2">
              <Switch
                id="reply-keep-notes"
                checked={replyKind.keepNotes}
                onCheckedChange={replyKind.setKeepNotes}
                aria-describedby="reply-keep-notes-hint"
              />
              <Label htmlFor="reply-keep-notes">Keep writing notes</Label>
              <span id="reply-keep-notes-hint" className="sr-only">
                After a note, stay on notes for this ticket instead of going back to a reply
              </span>
            </div>
          )}
          <AttachFilesButton uploads={uploads} id="reply-files" />
          {mayUseMacros && (
            <Button type="button" variant="outline" size="sm" onClick={() => setPickingMacro(true)}>
              <MessageSquareText aria-hidden /> Macros
            </Button>
          )}
          {mayInsertArticles && (
            <Button type="button" variant="outline" size="sm" onClick={() => setPickingArticle(true)}>
              <BookOpen aria-hidden /> Articles
            </Button>
          )}
          <span id="reply-draft-state" role="status" className="text-xs text-muted-foreground">
            {draft.saved ? "Draft saved" : ""}
          </span>
        </div>
        <ReplySendButton
          internal={internal}
          action={action}
          canSend={canSend}
          pending={send.isPending}
          withChoices={canWriteNotes}
          onSendAs={(chosen) => {
            chooseAction(chosen);
            sendAs(chosen);
          }}
          openNext={onOpenTicket ? { on: openNext, onChange: setOpenNext } : undefined}
        />
      </div>
      <span role="status" className="sr-only">
        {kindNews}
      </span>
      {mayUseMacros && (
        <MacroPicker
          open={pickingMacro}
          onOpenChange={(open) => {
            setPickingMacro(open);
            if (!open) requestAnimationFrame(() => textarea.current?.focus());
          }}
          onPick={applyMacro}
        />
      )}
      {mayInsertArticles && (
        <ArticlePicker
          open={pickingArticle}
          onOpenChange={(open) => {
            setPickingArticle(open);
            if (!open) requestAnimationFrame(() => textarea.current?.focus());
          }}
          onPick={insertArticle}
        />
      )}
      <ReopenDialog
        open={askReopen}
        onOpenChange={setAskReopen}
        ticketNumber={ticket.ticketNumber}
        onReopen={() => sendNow("open")}
      />
    </form>
  );
}
