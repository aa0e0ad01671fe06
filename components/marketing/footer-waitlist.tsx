"use client";

import { useState, type FormEvent } from "react";
import { buttonVariants } from "@/components/ui/button-variants";
import { inputClasses } from "@/components/ui/field-classes";
import { useWaitlist } from "./use-waitlist";

/**
 * The footer's email-only sign-up; pressing the button is the consent the note beside it asks
 * for. Plain elements with the Input's and Button's classes, as in the hero's form
 * (components/marketing/waitlist-form.tsx), so the landing page's script stays small.
 */
export function FooterWaitlist() {
  const [email, setEmail] = useState("");
  const { join, pending } = useWaitlist();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (await join({ email, consentGiven: true })) setEmail("");
  }

  return (
    <form onSubmit={submit} className="grid gap-2" aria-label="Footer waitlist sign-up" noValidate>
      <div className="flex gap-2">
        <label htmlFor="footer-email" className="sr-only">
          Email
        </label>
        <input
          id="footer-email"
          type="email"
          autoComplete="email"
          placeholder="you@company.com"
          data-slot="input"
          className={`${inputClasses} max-w-xs`}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <button type="submit" data-slot="button" className={buttonVariants()} disabled={pending}>
          Join Waitlist
        </button>
      </div>
      <p className="text-xs text-muted-foreground">
        By joining you agree to receive launch emails. Unsubscribe any time.
      </p>
    </form>
  );
}
