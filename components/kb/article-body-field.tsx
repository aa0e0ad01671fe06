"use client";

import { ImagePlus } from "lucide-react";
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ClipboardEvent,
  type DragEvent,
  type KeyboardEvent,
} from "react";
import { ArticleBody } from "@/components/help-center/article-body";
import { FormatToolbar } from "@/components/tickets/format-toolbar";
import { WriteOrPreview } from "@/components/tickets/write-or-preview";
import { Button } from "@/components/ui/button";
import { FieldError, RequiredMark, fieldAria } from "@/components/ui/field";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { toastError } from "@/components/ui/toast-error";
import { errorMessage } from "@/lib/http/client/api";
import { applyFormat, formatForKey, type FormatAction } from "@/lib/format/markdown-edit";
import { cn } from "@/lib/utils";
import { usePreviewArticle, uploadKbImage } from "./queries";

/** What the image store takes (it sniffs the bytes again: this only spares a pointless upload). */
const IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"];
const IMAGE_ACCEPT = IMAGE_TYPES.join(",");

const imagesOf = (files: FileList | null | undefined) => [...(files ?? [])].filter((f) => IMAGE_TYPES.includes(f.type));

/** The rendered body, fetched from the help center's own renderer each time it is shown. */
export function ArticlePreview({ body }: { body: string }) {
  const preview = usePreviewArticle();
  const { mutate } = preview;
  useEffect(() => {
    if (body.trim()) mutate(body);
  }, [body, mutate]);
  if (!body.trim()) return <p className="p-4 text-sm text-muted-foreground">Nothing to preview yet.</p>;
  if (preview.isError)
    return (
      <p role="alert" className="p-4 text-sm text-destructive">
        Could not render the preview: {errorMessage(preview.error, "please try again")}
      </p>
    );
  if (preview.isPending || preview.data === undefined)
    return <p className="p-4 text-sm text-muted-foreground">Rendering preview...</p>;
  return (
    <div data-kb-preview className="max-h-[70vh] overflow-y-auto p-4 sm:p-6">
      <ArticleBody html={preview.data} />
    </div>
  );
}

/**
 * The article's Markdown with the reply box's editing help (formatting buttons and Ctrl/Cmd+B,
 * I, Shift+L), images uploaded by the button, by pasting or by dropping them (each becomes its
 * Markdown where the cursor was), and a Preview rendered exactly as the help center will.
 */
export function ArticleBodyField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const id = "kb-article-body";
  const [mode, setMode] = useState<"write" | "preview">("write");
  const [uploading, setUploading] = useState(0);
  const [dragging, setDragging] = useState(false);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  // The latest text, for uploads that finish after more typing.
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  });
  const selectNext = useRef<{ start: number; end: number } | null>(null);
  useLayoutEffect(() => {
    const next = selectNext.current;
    if (!next || !textarea.current) return;
    selectNext.current = null;
    textarea.current.focus();
    textarea.current.setSelectionRange(next.start, next.end);
  });

  function format(action: FormatAction) {
    const el = textarea.current;
    if (!el) return;
    const edit = applyFormat(action, { value, start: el.selectionStart, end: el.selectionEnd });
    selectNext.current = { start: edit.start, end: edit.end };
    onChange(edit.value);
  }

  function formatKey(event: KeyboardEvent<HTMLTextAreaElement>) {
    const action = formatForKey(event);
    if (!action) return;
    event.preventDefault();
    event.stopPropagation();
    format(action);
  }

  /** Uploads each image and puts its Markdown, a paragraph of its own, where the cursor was. */
  async function insertImages(files: File[]) {
    if (files.length === 0) return;
    const at = textarea.current?.selectionEnd ?? latest.current.length;
    setUploading((n) => n + files.length);
    let markdown = "";
    for (const file of files) {
      try {
        markdown += `${(await uploadKbImage(file)).markdown}\n\n`;
      } catch (failure) {
        toastError(`Could not upload ${file.name || "the image"}`, failure, "Please try again later");
      } finally {
        setUploading((n) => n - 1);
      }
    }
    if (!markdown) return;
    const text = latest.current;
    const place = Math.min(at, text.length);
    const before = text.slice(0, place);
    const glue = !before || before.endsWith("\n\n") ? "" : before.endsWith("\n") ? "\n" : "\n\n";
    onChange(before + glue + markdown + text.slice(place));
    const caret = place + glue.length + markdown.length;
    setMode("write");
    selectNext.current = { start: caret, end: caret };
  }

  function paste(event: ClipboardEvent<HTMLTextAreaElement>) {
    const images = imagesOf(event.clipboardData.files);
    if (images.length === 0) return;
    event.preventDefault();
    void insertImages(images);
  }

  function drop(event: DragEvent<HTMLTextAreaElement>) {
    setDragging(false);
    const images = imagesOf(event.dataTransfer.files);
    if (images.length === 0) return;
    event.preventDefault();
    // The cursor goes where the image was dropped, as for dropped text.
    textarea.current?.focus();
    void insertImages(images);
  }

  return (
    <div className="grid gap-2" data-invalid={error ? "" : undefined}>
      <span className="flex items-center gap-1 text-sm leading-none">
        <Label htmlFor={id}>Article</Label>
        <RequiredMark />
      </span>
      <div
        className={cn(
          "grid rounded-md border has-[textarea:focus-visible]:ring-[3px] has-[textarea:focus-visible]:ring-ring/50",
          error && "border-destructive",
          dragging && "ring-[3px] ring-primary/50",
        )}
      >
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b px-2 py-1">
          <WriteOrPreview label="Article view" marker="data-kb-mode" mode={mode} onChange={setMode} />
          {mode === "write" && (
            <>
              <FormatToolbar controls={id} onFormat={format} />
              <Button
                type="button"
                variant="ghost"
                size="sm"
                onClick={() => fileInput.current?.click()}
                disabled={uploading > 0}
              >
                <ImagePlus aria-hidden /> Image
              </Button>
              <input
                ref={fileInput}
                type="file"
                accept={IMAGE_ACCEPT}
                multiple
                hidden
                data-kb-image-input
                onChange={(event) => {
                  const files = imagesOf(event.target.files);
                  event.target.value = "";
                  void insertImages(files);
                }}
              />
            </>
          )}
          <span id={`${id}-hint`} className="ml-auto text-xs text-muted-foreground" role="status">
            {uploading > 0 ? "Uploading image..." : "Markdown; paste or drop images"}
          </span>
        </div>
        {mode === "preview" ? (
          <ArticlePreview body={value} />
        ) : (
          <Textarea
            ref={textarea}
            id={id}
            rows={16}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            onKeyDown={formatKey}
            onPaste={paste}
            onDragOver={(event) => {
              if (event.dataTransfer.types.includes("Files")) {
                event.preventDefault();
                setDragging(true);
              }
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={drop}
            placeholder={"## Before you start\n\nExplain the steps, one per line:\n\n1. Open **Settings**"}
            {...fieldAria(id, { error, hint: "hint", required: true })}
            className="field-sizing-content max-h-[70vh] min-h-72 resize-y rounded-t-none border-0 font-mono text-sm shadow-none focus-visible:ring-0"
          />
        )}
      </div>
      <FieldError id={id} label="Article" error={error} />
    </div>
  );
}
