"use client";

import { useFileDrop } from "@/components/tickets/file-drop";
import { useCallback, useMemo, useState } from "react";
import { useReleasedPreviews, type PendingFile } from "@/components/tickets/file-uploads";
import { apiRequest, errorMessage, throwIfNotOk } from "@/lib/http/client/api";
import { REPLY_ATTACHMENTS_MAX, UPLOAD_FIELD } from "@/lib/schemas/reply-files";
import { portalHeaders } from "./portal-session";

let counter = 0;

/**
 * Files chosen in the portal's new-ticket form. An upload needs its ticket, so they wait in the
 * page until the ticket is created, then go up (sendNewTicketFiles); until then they are shown,
 * pictures as thumbnails, and can be taken off. Picked, dropped or pasted, as in a reply.
 */
export function useNewTicketFiles() {
  const [chosen, setChosen] = useState<{ entry: PendingFile; file: File }[]>([]);
  const files = useMemo(() => chosen.map((c) => c.entry), [chosen]);
  useReleasedPreviews(files);

  const add = useCallback((picked: readonly File[]) => {
    setChosen((list) => {
      const room = REPLY_ATTACHMENTS_MAX - list.length;
      return [
        ...list,
        ...picked.slice(0, Math.max(0, room)).map((file) => ({
          file,
          entry: {
            key: `new-file-${++counter}`,
            name: file.name || "pasted-file",
            size: file.size,
            preview: file.type.startsWith("image/") ? URL.createObjectURL(file) : null,
            // Ready to go with the ticket (nothing is uploaded before it exists).
            state: file.size === 0 ? ("failed" as const) : ("done" as const),
            progress: 0,
            error: file.size === 0 ? "The file is empty" : null,
            id: null,
          },
        })),
      ];
    });
  }, []);
  const remove = useCallback((key: string) => setChosen((list) => list.filter((c) => c.entry.key !== key)), []);

  const { dragging, dropHandlers, onPaste } = useFileDrop(add);

  const ready = chosen.filter((c) => c.entry.state === "done").map((c) => c.file);
  return { files, ready, add, remove, dragging, dropHandlers, onPaste };
}

/**
 * Uploads the chosen files to the new ticket and adds them to its first message. Answers the
 * files that could not go, each with the server's reason; the ticket stands either way.
 */
export async function sendNewTicketFiles(
  org: string,
  ticketId: string,
  files: readonly File[],
): Promise<{ name: string; error: string }[]> {
  const failed: { name: string; error: string }[] = [];
  const ids: string[] = [];
  for (const file of files) {
    const form = new FormData();
    form.set(UPLOAD_FIELD, file, file.name || "pasted-file");
    try {
      const res = await fetch(`/api/tickets/${encodeURIComponent(ticketId)}/attachments`, {
        method: "POST",
        body: form,
        credentials: "include",
        headers: portalHeaders(org),
      });
      await throwIfNotOk(res);
      ids.push(((await res.json()) as { id: string }).id);
    } catch (error) {
      failed.push({ name: file.name, error: errorMessage(error, "Upload failed") });
    }
  }
  if (ids.length > 0) {
    try {
      await apiRequest(
        "POST",
        `/api/portal/tickets/${encodeURIComponent(ticketId)}/files`,
        { attachmentIds: ids },
        portalHeaders(org),
      );
    } catch (error) {
      failed.push({ name: `${ids.length} file(s)`, error: errorMessage(error, "Upload failed") });
    }
  }
  return failed;
}
