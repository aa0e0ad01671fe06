import { Badge } from "@/components/ui/badge";
import type { WebhookDeliveryStatus } from "@/lib/schemas/webhooks";

/** A delivery's state in words: sent, being retried, waiting for its first attempt, or given up. */
export function DeliveryStatus({ status, attempts }: { status: WebhookDeliveryStatus; attempts: number }) {
  if (status === "succeeded") return <Badge variant="success">Delivered</Badge>;
  if (status === "failed") return <Badge variant="destructive">Failed</Badge>;
  return <Badge variant="warning">{attempts > 0 ? "Retrying" : "Pending"}</Badge>;
}
