"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { useWaitlist } from "./use-waitlist";

/** The footer's email-only sign-up; pressing the button is the consent the note beside it asks for. */
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
        <Input
          id="footer-email"
          type="email"
          autoComplete="email"
          placeholder="you@company.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          className="max-w-xs"
        />
        <Button type="submit" disabled={pending}>
          Join Waitlist
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">
        By joining you agree to receive launch emails. Unsubscribe any time.
      </p>
    </form>
  );
}
