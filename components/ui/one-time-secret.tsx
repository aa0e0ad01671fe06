"use client";

import { Check, Copy, KeyRound } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "./button";
import { Input } from "./input";
import { toast } from "./use-toast";

/**
 * A secret the server hands out this once (it keeps it sealed or hashed): shown with a copy
 * button until the admin is done; nobody can see it again afterwards.
 */
export function OneTimeSecret({
  title,
  label,
  value,
  copyLabel,
  onDone,
}: {
  title: string;
  /** The field's accessible name, e.g. "Signing secret". */
  label: string;
  value: string;
  copyLabel: string;
  onDone: () => void;
}) {
  const titleId = useId();
  const [copied, setCopied] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      toast({ title: "Could not copy", description: "Select it and copy it yourself.", variant: "destructive" });
    }
  }

  return (
    <section aria-labelledby={titleId} className="grid gap-3 rounded-lg border border-primary/40 bg-primary/5 p-4">
      <h3 id={titleId} className="flex items-center gap-2 text-sm font-semibold break-all">
        <KeyRound aria-hidden className="size-4 shrink-0" /> {title}
      </h3>
      <p className="text-sm">Copy it now and keep it somewhere safe. It will not be shown again.</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          aria-label={label}
          readOnly
          value={value}
          className="font-mono text-xs"
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button type="button" variant="outline" onClick={copy} className="shrink-0">
          {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
          {copied ? "Copied" : copyLabel}
        </Button>
      </div>
      <div>
        <Button type="button" size="sm" onClick={onDone}>
          Done
        </Button>
      </div>
    </section>
  );
}
