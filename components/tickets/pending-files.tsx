"use client";

import { AlertCircle, FileText, Paperclip, X } from "lucide-react";
import { useRef } from "react";
import { Button } from "@/components/ui/button";
import { Progress } from "@/components/ui/progress";
import { formatFileSize } from "@/lib/format/file-size";
import { cn } from "@/lib/utils";
import type { FileUploads } from "./file-uploads";

/** "Attach files": opens the file chooser; the chosen files upload at once. */
export function AttachFilesButton({
  uploads,
  id,
  className,
}: {
  uploads: Pick<FileUploads, "add">;
  id: string;
  className?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        id={id}
        type="file"
        multiple
        className="sr-only"
        tabIndex={-1}
        aria-label="Attach files"
        onChange={(event) => {
          uploads.add(Array.from(event.target.files ?? []));
          // The same file may be chosen again after it was taken off.
          event.target.value = "";
        }}
      />
      <Button type="button" variant="outline" size="sm" className={className} onClick={() => input.current?.click()}>
        <Paperclip aria-hidden /> Attach
      </Button>
    </>
  );
}

/**
 * The files going with a reply: an image as a thumbnail, any other file by its name, each with
 * its size, its upload's progress or the reason it was refused, and a button taking it off.
 */
export function PendingFiles({
  uploads,
  label = "Files to send",
}: {
  uploads: Pick<FileUploads, "files" | "remove">;
  label?: string;
}) {
  if (uploads.files.length === 0) return null;
  return (
    <ul aria-label={label} data-pending-files className="flex flex-wrap gap-2">
      {uploads.files.map((file) => (
        <li
          key={file.key}
          data-file-state={file.state}
          className={cn(
            "flex w-full max-w-full min-w-0 items-center gap-2 rounded-md border bg-background p-1.5 pr-0.5 text-xs sm:w-56",
            file.state === "failed" && "border-destructive/60 bg-destructive/5",
          )}
        >
          {file.preview ? (
            // eslint-disable-next-line @next/next/no-img-element -- a local picture of the file, not a page image
            <img src={file.preview} alt="" className="size-10 shrink-0 rounded border object-cover" />
          ) : (
            <span className="grid size-10 shrink-0 place-items-center rounded border bg-muted text-muted-foreground">
              {file.state === "failed" ? (
                <AlertCircle className="size-4 text-destructive" aria-hidden />
              ) : (
                <FileText className="size-4" aria-hidden />
              )}
            </span>
          )}
          <span className="grid min-w-0 flex-1 gap-1">
            <span className="truncate font-medium" title={file.name}>
              {file.name}
            </span>
            {file.state === "uploading" ? (
              <Progress value={file.progress} aria-label={`Uploading ${file.name}`} className="h-1.5" />
            ) : file.state === "failed" ? (
              <span role="alert" className="text-destructive">
                {file.error}
              </span>
            ) : (
              <span className="text-muted-foreground">{formatFileSize(file.size)}</span>
            )}
          </span>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-7 shrink-0"
            aria-label={`Remove ${file.name}`}
            onClick={() => uploads.remove(file.key)}
          >
            <X aria-hidden />
          </Button>
        </li>
      ))}
    </ul>
  );
}
