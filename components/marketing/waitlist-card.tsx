"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useWaitlist } from "./use-waitlist";

const EMPTY = { email: "", name: "", company: "", consentGiven: false };

/** The hero's 'Join the Waitlist' card: submit stays disabled until consent is ticked. */
export function WaitlistCard() {
  const [form, setForm] = useState(EMPTY);
  const { join, pending } = useWaitlist();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (await join(form)) setForm(EMPTY);
  }

  return (
    <Card className="w-full max-w-md text-left">
      <CardHeader>
        <CardTitle as="h2" id="waitlist-title" className="text-xl">
          Join the Waitlist
        </CardTitle>
        <CardDescription>Be the first to know when we launch.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-3" aria-labelledby="waitlist-title" noValidate>
          <div className="grid gap-2">
            <Label htmlFor="waitlist-email">Email</Label>
            <Input
              id="waitlist-email"
              type="email"
              autoComplete="email"
              required
              value={form.email}
              onChange={(e) => setForm({ ...form, email: e.target.value })}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="waitlist-name">Name (optional)</Label>
            <Input
              id="waitlist-name"
              autoComplete="name"
              value={form.name}
              onChange={(e) => setForm({ ...form, name: e.target.value })}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="waitlist-company">Company (optional)</Label>
            <Input
              id="waitlist-company"
              autoComplete="organization"
              value={form.company}
              onChange={(e) => setForm({ ...form, company: e.target.value })}
            />
          </div>
          <div className="flex items-start gap-2">
            <Checkbox
              id="waitlist-consent"
              checked={form.consentGiven}
              onCheckedChange={(checked) => setForm({ ...form, consentGiven: checked === true })}
              className="mt-0.5"
            />
            <Label htmlFor="waitlist-consent" className="text-sm leading-snug font-normal text-muted-foreground">
              I agree to receive emails about the launch and product updates. I can unsubscribe at any time.
            </Label>
          </div>
          <Button type="submit" disabled={!form.consentGiven || pending}>
            {pending ? "Joining..." : "Join the Waitlist"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
