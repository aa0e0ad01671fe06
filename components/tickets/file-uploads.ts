"use client";

import { useFileDrop } from "@/components/tickets/file-drop";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { REPLY_ATTACHMENTS_MAX, UPLOAD_FIELD, type UploadedAttachment } from "@/lib/schemas/reply-files";

/** A file picked, dropped or pasted into a reply: uploading, uploaded (with its id) or refused. */
export type PendingFile = {
  key: string;
  name: string;
  size: number;
  /** An image's picture, shown while it waits to be sent. */
  preview: string | null;
  state: "uploading" | "done" | "failed";
  /** 0 to 100 while uploading. */
  progress: number;
  /** The server's reason a file was refused ("Files may be at most 10 MB"). */
  error: string | null;
  id: string | null;
};

let counter = 0;

/** The server's `{ error }` of a refused upload, else what went wrong on the way. */
function refusal(xhr: XMLHttpRequest): string {
  try {
    const body = JSON.parse(xhr.responseText) as { error?: unknown };
    if (typeof body?.error === "string" && body.error) return body.error;
  } catch {
    // Not our answer (a proxy's page): its status says enough.
  }
  return xhr.status ? `Upload failed (${xhr.status})` : "Upload failed: the connection was lost";
}

/** Pictures of the files are let go when they leave the list. */
export function useReleasedPreviews(files: readonly PendingFile[]) {
  const previews = useRef(new Set<string>());
  useEffect(() => {
    const live = new Set(files.map((f) => f.preview).filter((p): p is string => !!p));
    for (const p of previews.current) if (!live.has(p)) URL.revokeObjectURL(p);
    previews.current = live;
  }, [files]);
}

/**
 * Files going with a reply: each uploaded at once to POST `url` (multipart field "file") with
 * its progress, so sending the reply only names their ids. A refused file says why, in the
 * server's words; any file can be taken off before sending (its upload is left unsent, and the
 * daily cleanup removes it). `headers`: what the caller names itself with (the portal).
 * The list starts empty again when `url` changes (another ticket).
 */
export function useFileUploads(url: string, headers: Record<string, string> = {}) {
  const [state, setState] = useState<{ url: string; files: PendingFile[] }>({ url, files: [] });
  const files = useMemo(() => (state.url === url ? state.files : []), [state, url]);
  const requests = useRef(new Map<string, XMLHttpRequest>());
  const headerKey = JSON.stringify(headers);

  const patch = useCallback(
    (key: string, change: Partial<PendingFile>) =>
      setState((s) => ({ ...s, files: s.files.map((f) => (f.key === key ? { ...f, ...change } : f)) })),
    [],
  );

  useReleasedPreviews(files);
  useEffect(() => {
    const open = requests.current;
    return () => open.forEach((xhr) => xhr.abort());
  }, []);

  const add = useCallback(
    (picked: readonly File[]) => {
      if (picked.length === 0) return;
      const sent = JSON.parse(headerKey) as Record<string, string>;
      const room = REPLY_ATTACHMENTS_MAX - files.filter((f) => f.state !== "failed").length;
      const added: PendingFile[] = picked.map((file, i) => ({
        key: `file-${++counter}`,
        name: file.name || "pasted-file",
        size: file.size,
        preview: i < room && file.type.startsWith("image/") ? URL.createObjectURL(file) : null,
        state: i < room ? "uploading" : "failed",
        progress: 0,
        error: i < room ? null : `A reply may carry at most ${REPLY_ATTACHMENTS_MAX} files`,
        id: null,
      }));
      setState((s) => ({ url, files: [...(s.url === url ? s.files : []), ...added] }));
      added.forEach((entry, i) => {
        if (entry.state !== "uploading") return;
        const xhr = new XMLHttpRequest();
        requests.current.set(entry.key, xhr);
        xhr.open("POST", url);
        xhr.withCredentials = true;
        for (const [name, value] of Object.entries(sent)) xhr.setRequestHeader(name, value);
        xhr.upload.onprogress = (event) => {
          if (event.lengthComputable) patch(entry.key, { progress: Math.round((event.loaded / event.total) * 100) });
        };
        xhr.onload = () => {
          requests.current.delete(entry.key);
          if (xhr.status === 201) {
            const body = JSON.parse(xhr.responseText) as UploadedAttachment;
            patch(entry.key, { state: "done", progress: 100, id: body.id, name: body.filename, size: body.size });
          } else patch(entry.key, { state: "failed", error: refusal(xhr) });
        };
        xhr.onerror = () => {
          requests.current.delete(entry.key);
          patch(entry.key, { state: "failed", error: refusal(xhr) });
        };
        const form = new FormData();
        form.set(UPLOAD_FIELD, picked[i]!, entry.name);
        xhr.send(form);
      });
    },
    [url, headerKey, patch, files],
  );

  const remove = useCallback((key: string) => {
    requests.current.get(key)?.abort();
    requests.current.delete(key);
    setState((s) => ({ ...s, files: s.files.filter((f) => f.key !== key) }));
  }, []);

  /** After the reply went out: its files are sent, the list starts again. */
  const clear = useCallback(() => setState({ url, files: [] }), [url]);

  const { dragging, dropHandlers, onPaste } = useFileDrop(add);

  const ids = files.filter((f) => f.state === "done" && f.id).map((f) => f.id!);
  const uploading = files.some((f) => f.state === "uploading");
  return { files, ids, uploading, add, remove, clear, dragging, dropHandlers, onPaste };
}

export type FileUploads = ReturnType<typeof useFileUploads>;
