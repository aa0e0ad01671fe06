"use client";

export type EditorMode = "write" | "preview";

/**
 * The Write / Preview switch above a Markdown box (the reply box, the article editor). `marker`
 * names each button for the keyboard shortcuts that find them (e.g. data-reply-mode="write").
 */
export function WriteOrPreview({
  label,
  marker,
  mode,
  onChange,
}: {
  label: string;
  marker: `data-${string}-mode`;
  mode: EditorMode;
  onChange: (mode: EditorMode) => void;
}) {
  return (
    <div role="group" aria-label={label} className="inline-flex rounded-md border p-0.5">
      {(["write", "preview"] as const).map((m) => (
        <button
          key={m}
          type="button"
          {...{ [marker]: m }}
          aria-pressed={mode === m}
          onClick={() => onChange(m)}
          className="rounded px-2.5 py-1 text-xs font-medium text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-pressed:bg-accent aria-pressed:text-accent-foreground"
        >
          {m === "write" ? "Write" : "Preview"}
        </button>
      ))}
    </div>
  );
}
