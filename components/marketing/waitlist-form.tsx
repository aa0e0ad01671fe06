"use client";

import { Check } from "lucide-react";
import { useState, type ChangeEvent, type ComponentProps, type FormEvent } from "react";
import { buttonVariants } from "@/components/ui/button-variants";
import { inputClasses, labelBaseClasses, labelClasses } from "@/components/ui/field-classes";
import { useWaitlist } from "./use-waitlist";

const EMPTY = { email: "", name: "", company: "", consentGiven: false };

// Plain elements with the UI components' classes (components/ui/field-classes.ts): the landing
// page's script stays near the framework's own, without the class-merging code and Radix.

/** The box components/ui/checkbox.tsx draws, on a native checkbox (`checked:` for its data-state). */
const CHECKBOX_BOX =
  "size-4 shrink-0 appearance-none rounded-[4px] border border-input shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50 checked:border-primary checked:bg-primary";

/** A labelled text field of the form, as components/ui/field.tsx lays one out. */
function TextRow({ id, label, ...input }: ComponentProps<"input"> & { id: string; label: string }) {
  return (
    <div className="grid gap-2">
      <label htmlFor={id} data-slot="label" className={labelClasses}>
        {label}
      </label>
      <input id={id} data-slot="input" className={inputClasses} {...input} />
    </div>
  );
}

/** The hero's waitlist form: submit stays disabled until consent is ticked. */
export function WaitlistForm({ labelledBy }: { labelledBy: string }) {
  const [form, setForm] = useState(EMPTY);
  const { join, pending } = useWaitlist();

  const text = (field: "email" | "name" | "company") => ({
    value: form[field],
    onChange: (e: ChangeEvent<HTMLInputElement>) => setForm({ ...form, [field]: e.target.value }),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (await join(form)) setForm(EMPTY);
  }

  return (
    <form onSubmit={submit} className="grid gap-3" aria-labelledby={labelledBy} noValidate>
      <TextRow id="waitlist-email" label="Email" type="email" autoComplete="email" required {...text("email")} />
      <TextRow id="waitlist-name" label="Name (optional)" autoComplete="name" {...text("name")} />
      <TextRow id="waitlist-company" label="Company (optional)" autoComplete="organization" {...text("company")} />
      <div className="flex items-start gap-2">
        {/* The tick is drawn over the native box, as the Checkbox component draws it. */}
        <span className="relative mt-0.5 flex shrink-0">
          <input
            id="waitlist-consent"
            type="checkbox"
            data-slot="checkbox"
            className={`peer ${CHECKBOX_BOX}`}
            checked={form.consentGiven}
            onChange={(e) => setForm({ ...form, consentGiven: e.target.checked })}
          />
          <Check
            aria-hidden
            className="pointer-events-none absolute inset-0 m-auto hidden size-3.5 text-primary-foreground peer-checked:block"
          />
        </span>
        <label
          htmlFor="waitlist-consent"
          data-slot="label"
          className={`text-sm leading-snug font-normal text-muted-foreground ${labelBaseClasses}`}
        >
          I agree to receive emails about the launch and product updates. I can unsubscribe at any time.
        </label>
      </div>
      <button type="submit" data-slot="button" className={buttonVariants()} disabled={!form.consentGiven || pending}>
        {pending ? "Joining..." : "Join the Waitlist"}
      </button>
    </form>
  );
}
