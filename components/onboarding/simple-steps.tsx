"use client";

import { CheckCircle2, Mail, Sparkles, Users } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";

export function WelcomeStep({
  productName,
  onStart,
  onSkip,
  pending,
}: {
  productName: string;
  onStart: () => void;
  onSkip: () => void;
  pending: boolean;
}) {
  return (
    <Card>
      <CardHeader>
        <Sparkles className="size-8 text-primary" aria-hidden />
        <CardTitle as="h2" className="text-xl">
          Welcome to {productName}!
        </CardTitle>
        <CardDescription>Let&apos;s get your help desk set up. It takes about a minute.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3 text-sm">
          <li className="flex gap-2">
            <Mail className="size-4 shrink-0 text-muted-foreground" aria-hidden /> Add the support email address your
            customers write to
          </li>
          <li className="flex gap-2">
            <Users className="size-4 shrink-0 text-muted-foreground" aria-hidden /> Invite your team
          </li>
        </ul>
      </CardContent>
      <CardFooter className="justify-between gap-2">
        <Button variant="ghost" onClick={onSkip} disabled={pending}>
          Skip for now
        </Button>
        <Button onClick={onStart} disabled={pending}>
          Get Started
        </Button>
      </CardFooter>
    </Card>
  );
}

export function DoneStep({ onFinish, pending }: { onFinish: () => void; pending: boolean }) {
  return (
    <Card>
      <CardHeader>
        <CheckCircle2 className="size-8 text-success" aria-hidden />
        <CardTitle as="h2" className="text-xl">
          You&apos;re all set!
        </CardTitle>
        <CardDescription>
          Your help desk is ready. You can change these settings at any time under Settings.
        </CardDescription>
      </CardHeader>
      <CardFooter className="justify-end">
        <Button onClick={onFinish} disabled={pending}>
          {pending ? "Finishing..." : "Go to Dashboard"}
        </Button>
      </CardFooter>
    </Card>
  );
}
