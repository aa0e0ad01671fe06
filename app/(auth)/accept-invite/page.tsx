import type { Metadata } from "next";
import { Suspense } from "react";
import { AcceptInviteForm } from "@/components/auth/accept-invite-form";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

export const metadata: Metadata = { title: "Accept invitation" };

export default function AcceptInvitePage() {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h1" className="text-2xl">
          Join your team
        </CardTitle>
      </CardHeader>
      <CardContent>
        <Suspense>
          <AcceptInviteForm />
        </Suspense>
      </CardContent>
    </Card>
  );
}
