/** A labelled example: it scrolls sideways on a narrow screen, and a keyboard can scroll it too. */
export function CodeBlock({ label, code }: { label: string; code: string }) {
  return (
    <figure className="grid min-w-0 gap-1.5">
      <figcaption className="text-sm font-medium text-muted-foreground">{label}</figcaption>
      <pre
        tabIndex={0}
        aria-label={label}
        className="overflow-x-auto rounded-md border bg-muted p-3 font-mono text-xs leading-relaxed focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <code>{code}</code>
      </pre>
    </figure>
  );
}
