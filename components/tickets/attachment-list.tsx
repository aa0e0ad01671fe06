"use client";

import { Paperclip } from "lucide-react";
import type { MouseEvent } from "react";
import { formatFileSize } from "@/lib/format/file-size";
import { attachmentUrl, type AttachmentSummary } from "@/lib/schemas/attachments";

type Props = {
  attachments: AttachmentSummary[] | undefined;
  /**
   * How a file is fetched when a plain link cannot carry the caller's credentials (the portal
   * names itself in a header); without it the link downloads with the session cookie.
   */
  onDownload?: (file: AttachmentSummary) => void;
};

/** Pictures a browser shows as such (never an SVG, which may carry script): shown as thumbnails. */
const THUMBNAIL_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp"]);

/**
 * The files that came with a message, under it: each a download link with its size, a picture
 * with its thumbnail above (where the link carries the session; the portal's files are links only).
 */
export function AttachmentList({ attachments, onDownload }: Props) {
  if (!attachments?.length) return null;
  return (
    <ul aria-label="Attachments" className="mt-2 flex flex-wrap gap-2">
      {attachments.map((file) => (
        <li key={file.id} className="max-w-full min-w-0">
          <a
            href={attachmentUrl(file.id)}
            download={file.filename}
            data-attachment={file.id}
            onClick={
              onDownload
                ? (event: MouseEvent) => {
                    event.preventDefault();
                    onDownload(file);
                  }
                : undefined
            }
            className="inline-flex max-w-full items-center gap-1.5 rounded-md border bg-background px-2 py-1 text-xs transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            {!onDownload && THUMBNAIL_TYPES.has(file.contentType) ? (
              // eslint-disable-next-line @next/next/no-img-element -- a stored file's own bytes, not a page image
              <img
                src={attachmentUrl(file.id)}
                alt=""
                loading="lazy"
                data-thumbnail
                className="size-10 shrink-0 rounded border bg-muted object-cover"
              />
            ) : (
              <Paperclip className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
            )}
            <span className="sr-only">Download </span>
            <span className="truncate font-medium">{file.filename}</span>
            <span className="shrink-0 text-muted-foreground">{formatFileSize(file.size)}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
