import { toast } from "@/components/ui/use-toast";
import { toastError } from "@/components/ui/toast-error";
import { apiRequest } from "@/lib/http/client/api";
import { checkWaitlist, type WaitlistValues } from "@/lib/schemas/mailing-list-check";

/**
 * Checks and sends a waitlist sign-up with the spec's toasts; resolves true when subscribed.
 * Loaded on the first submit (components/marketing/use-waitlist.ts), not with the landing
 * page: most visitors read and leave.
 */
export async function submitWaitlist(values: WaitlistValues): Promise<boolean> {
  // zod-free check on the client (keeps the landing page light); the server parses fully.
  const parsed = checkWaitlist(values);
  if (!parsed.ok) {
    toast({ title: "Subscription failed", description: parsed.error, variant: "destructive" });
    return false;
  }
  try {
    const { email, name, company, consentGiven } = parsed.data;
    await apiRequest("POST", "/api/mailing-list", {
      email,
      consentGiven,
      ...(name ? { name } : {}),
      ...(company ? { company } : {}),
    });
    toast({
      title: "Successfully subscribed!",
      description: "We'll notify you when we launch. Check your email for confirmation.",
    });
    return true;
  } catch (error) {
    toastError("Subscription failed", error, "Please try again later");
    return false;
  }
}
