import type { Highlighted } from "@/lib/services/kb/highlight";

/** A search result's title or excerpt: the searched words in <mark>, everything as text React escapes. */
export function HighlightedText({ pieces }: { pieces: Highlighted }) {
  return pieces.map((piece, i) =>
    piece.match ? (
      <mark key={i} className="rounded-sm bg-primary/15 px-0.5 text-inherit dark:bg-primary/25">
        {piece.text}
      </mark>
    ) : (
      piece.text
    ),
  );
}
