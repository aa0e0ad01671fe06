"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { toastError } from "@/components/ui/toast-error";
import { useCreateReply } from "./queries";

/** Public reply or internal note; empty or whitespace-only text cannot be sent. */
export function ReplyForm({ ticketId, canWriteNotes }: { ticketId: string; canWriteNotes: boolean }) {
  const [content, setContent] = useState("");
  const [internal, setInternal] = useState(false);
  const send = useCreateReply(ticketId, {
    onSuccess: (_reply, { type }) => {
      toast({ title: type === "internal" ? "Note added" : "Reply sent" });
      setContent("");
    },
    onError: (error) => toastError("Failed to send reply", error, "Please try again later"),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (content.trim()) send.mutate({ content: content.trim(), type: internal ? "internal" : "public" });
  }

  return (
    <form onSubmit={submit} className="grid gap-2 border-t p-4">
      <Label htmlFor="reply-content" className="sr-only">
        {internal ? "Internal note" : "Reply"}
      </Label>
      <Textarea
        id="reply-content"
        placeholder={
          internal ? "Write an internal note (only your team sees it)..." : "Write a reply to the customer..."
        }
        value={content}
        onChange={(e) => setContent(e.target.value)}
        className={internal ? "border-warning/60 bg-warning/5" : undefined}
      />
      <div className="flex items-center justify-between gap-2">
        {canWriteNotes ? (
          <div className="flex items-center gap-2">
            <Switch id="reply-internal" checked={internal} onCheckedChange={setInternal} />
            <Label htmlFor="reply-internal">Internal note</Label>
          </div>
        ) : (
          <span />
        )}
        <Button type="submit" disabled={!content.trim() || send.isPending}>
          {send.isPending ? "Sending..." : internal ? "Add Note" : "Send Reply"}
        </Button>
      </div>
    </form>
  );
}
