import { Fragment } from "react";

/** The document's descriptions mark names with backticks: shown as code, everything else as text. */
export function InlineCode({ text }: { text: string }) {
  return text.split("`").map((part, i) =>
    i % 2 === 1 ? (
      <code key={i} className="rounded bg-muted px-1 py-0.5 font-mono text-[0.9em] whitespace-nowrap">
        {part}
      </code>
    ) : (
      <Fragment key={i}>{part}</Fragment>
    ),
  );
}
