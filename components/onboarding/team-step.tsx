"use client";

import { X } from "lucide-react";
import Link from "next/link";
import { useState, type FormEvent } from "react";
import { useInvalidateInvites, useSeats } from "@/components/users/queries";
import { OptionSelect, options } from "@/components/ui/option-select";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Field } from "@/components/ui/field";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import { usePendingRequest } from "@/components/ui/use-pending-request";
import { useZodForm } from "@/components/ui/use-zod-form";
import { apiRequest } from "@/lib/http/client/api";
import { PLANS, UNLIMITED } from "@/lib/plans/limits";
import { INVITE_ROLE_LABELS, roleLabel } from "@/lib/permissions/labels";
import { DEFAULT_INVITE_ROLE, INVITE_ROLES, type InviteRole } from "@/lib/permissions/rules";
import { MISSING_EMAIL, teamInviteSchema } from "@/lib/schemas/invites";

type Invite = { email: string; role: InviteRole };
const ROLE_OPTIONS = options(INVITE_ROLES, INVITE_ROLE_LABELS);

/** The plan's seat situation, so an admin knows before sending why invitations may be refused. */
function SeatNote({ listed }: { listed: number }) {
  const seats = useSeats();
  if (!seats.data) return null;
  const { plan, used, pending, limit } = seats.data;
  if (limit === UNLIMITED)
    return <p className="text-sm text-muted-foreground">Your {PLANS[plan].name} plan has unlimited agent seats.</p>;
  const left = Math.max(0, limit - used - pending);
  return (
    <div
      role="status"
      className={
        listed > left
          ? "grid gap-2 rounded-lg border border-warning bg-warning/10 p-3 text-sm"
          : "grid gap-2 text-sm text-muted-foreground"
      }
    >
      <p data-testid="seat-note">
        Your {PLANS[plan].name} plan includes {limit} agent seat{limit === 1 ? "" : "s"}: {used} in use
        {pending ? `, ${pending} invited` : ""}, {left} left.
      </p>
      {listed > left && (
        <p>
          Invitations beyond your free seats will be refused.{" "}
          <Link href="/pricing" className="underline">
            Upgrade your plan
          </Link>{" "}
          to add more team members, or skip this step.
        </p>
      )}
    </div>
  );
}

/** Step 3: a list of people to invite, sent together (all or nothing). */
export function TeamStep({ canManage, onDone }: { canManage: boolean; onDone: () => void }) {
  const invalidateInvites = useInvalidateInvites();
  const form = useZodForm(teamInviteSchema, { email: "", role: DEFAULT_INVITE_ROLE as InviteRole });
  const [invites, setInvites] = useState<Invite[]>([]);
  const request = usePendingRequest({ failure: "Error", fallback: "Failed to save team invites" });

  function add(event: FormEvent) {
    event.preventDefault();
    const invite = form.check({ byMessage: { [MISSING_EMAIL]: "Missing email" }, otherwise: "Invalid email" });
    if (!invite) return;
    if (invites.some((i) => i.email === invite.email)) {
      toast({ title: "Duplicate email", description: "This email has already been added", variant: "destructive" });
      return;
    }
    setInvites((list) => [...list, invite]);
    form.reset();
  }

  async function send() {
    if (invites.length === 0) return onDone();
    await request.run(async () => {
      const res = await apiRequest("POST", "/api/onboarding/invites", { invites });
      const { sent } = (await res.json()) as { sent: number };
      toast({ title: "Invitation sent", description: `${sent} invitation${sent === 1 ? "" : "s"} sent.` });
      await invalidateInvites();
      onDone();
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="text-xl">
          Invite your team
        </CardTitle>
        <CardDescription>Each person gets an email with a link to join your help desk.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {canManage ? (
          <>
            <SeatNote listed={invites.length} />
            <form onSubmit={add} noValidate className="grid gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-start">
              <Field id="onboarding-invite-email" label="Email address" required error={form.errors.email}>
                <Input
                  id="onboarding-invite-email"
                  type="email"
                  placeholder="teammate@yourcompany.com"
                  {...form.text("email")}
                />
              </Field>
              <div className="grid gap-2">
                <Label htmlFor="onboarding-invite-role">Role</Label>
                <OptionSelect
                  id="onboarding-invite-role"
                  value={form.values.role}
                  options={ROLE_OPTIONS}
                  onChange={(v) => form.setValue("role", v as InviteRole)}
                />
              </div>
              <Button type="submit" variant="outline" className="sm:mt-[1.375rem]">
                Add
              </Button>
            </form>
            {invites.length > 0 && (
              <ul className="grid gap-2" aria-label="Team members to invite">
                {invites.map((invite) => (
                  <li key={invite.email} className="flex items-center gap-3 rounded-lg border p-2 pl-3">
                    <span className="flex-1 truncate text-sm">{invite.email}</span>
                    <Badge variant="secondary">{roleLabel(invite.role)}</Badge>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Remove ${invite.email}`}
                      onClick={() => setInvites((list) => list.filter((i) => i.email !== invite.email))}
                    >
                      <X className="size-4" aria-hidden />
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </>
        ) : (
          <p className="text-sm text-muted-foreground">Your administrator invites team members.</p>
        )}
      </CardContent>
      <CardFooter className="justify-between gap-2">
        <Button variant="ghost" onClick={onDone} disabled={request.pending}>
          Skip
        </Button>
        <Button onClick={send} disabled={request.pending}>
          {request.pending ? "Sending..." : "Continue"}
        </Button>
      </CardFooter>
    </Card>
  );
}
