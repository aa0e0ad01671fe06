import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { WaitlistForm } from "./waitlist-form";

/** The hero's 'Join the Waitlist' card: drawn on the server, only its form runs in the browser. */
export function WaitlistCard() {
  return (
    <Card className="w-full max-w-md text-left">
      <CardHeader>
        <CardTitle as="h2" id="waitlist-title" className="text-xl">
          Join the Waitlist
        </CardTitle>
        <CardDescription>Be the first to know when we launch.</CardDescription>
      </CardHeader>
      <CardContent>
        <WaitlistForm labelledBy="waitlist-title" />
      </CardContent>
    </Card>
  );
}
