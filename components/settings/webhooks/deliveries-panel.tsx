"use client";

import { format, formatDistanceToNow } from "date-fns";
import { RotateCcw, Send } from "lucide-react";
import { Button } from "@/components/ui/button";
import { LoadMoreButton } from "@/components/ui/load-more-button";
import { toast } from "@/components/ui/use-toast";
import { toastError } from "@/components/ui/toast-error";
import { DeliveryStatus } from "./delivery-status";
import { useSendDelivery, useWebhookDeliveries, type DeliveryJson, type EndpointJson } from "./queries";

/** "200 in 85 ms", "no answer", with the error the attempt ended in. */
function outcomeText(d: DeliveryJson): string {
  if (d.attempts === 0) return "Not sent yet";
  const answer = d.responseStatus === null ? "No answer" : `HTTP ${d.responseStatus}`;
  const took = d.durationMs === null ? "" : ` in ${d.durationMs} ms`;
  const tries = d.attempts > 1 ? `, ${d.attempts} attempts` : "";
  return `${answer}${took}${tries}`;
}

function DeliveryItem({
  delivery,
  onResend,
  resending,
}: {
  delivery: DeliveryJson;
  onResend: () => void;
  resending: boolean;
}) {
  const at = new Date(delivery.createdAt);
  return (
    <li className="grid gap-1.5 rounded-md border p-3" data-delivery={delivery.id}>
      <div className="flex flex-wrap items-center gap-2">
        <DeliveryStatus status={delivery.status} attempts={delivery.attempts} />
        <span className="font-mono text-xs">{delivery.type}</span>
        <time dateTime={delivery.createdAt} title={format(at, "PPpp")} className="text-xs text-muted-foreground">
          {formatDistanceToNow(at, { addSuffix: true })}
        </time>
        <Button
          variant="ghost"
          size="sm"
          className="ml-auto"
          onClick={onResend}
          disabled={resending}
          aria-label={`Resend ${delivery.type} from ${format(at, "PPpp")}`}
        >
          <RotateCcw aria-hidden /> Resend
        </Button>
      </div>
      <p className="text-sm">{outcomeText(delivery)}</p>
      {delivery.error && <p className="text-sm break-words text-destructive">{delivery.error}</p>}
      {delivery.responseBody && (
        <pre
          aria-label="Response body"
          className="max-h-32 overflow-auto rounded bg-muted p-2 font-mono text-xs break-all whitespace-pre-wrap"
        >
          {delivery.responseBody}
        </pre>
      )}
    </li>
  );
}

/** An endpoint's delivery log, newest first, with "Resend" on each and "Send test event". */
export function DeliveriesPanel({ endpoint }: { endpoint: EndpointJson }) {
  const log = useWebhookDeliveries(endpoint.id);
  const send = useSendDelivery(endpoint.id, {
    onSuccess: (_delivery, deliveryId) =>
      toast({ title: deliveryId ? "Delivery queued again" : "Test event queued", description: endpoint.url }),
    onError: (error) => toastError("Could not send", error, "Please try again later"),
  });
  const deliveries = log.data?.pages.flatMap((page) => page.deliveries) ?? [];

  return (
    <section aria-label={`Deliveries to ${endpoint.url}`} className="grid gap-3 border-t pt-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">Deliveries</h3>
        <Button
          variant="outline"
          size="sm"
          onClick={() => send.mutate(null)}
          disabled={send.isPending || !endpoint.active}
        >
          <Send aria-hidden /> Send Test Event
        </Button>
      </div>
      {log.isPending ? (
        <p className="text-sm text-muted-foreground">Loading deliveries...</p>
      ) : log.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Failed to load deliveries
        </p>
      ) : deliveries.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing sent yet.</p>
      ) : (
        <ol className="grid gap-2" aria-label="Deliveries, newest first">
          {deliveries.map((delivery) => (
            <DeliveryItem
              key={delivery.id}
              delivery={delivery}
              onResend={() => send.mutate(delivery.id)}
              resending={send.isPending || !endpoint.active}
            />
          ))}
        </ol>
      )}
      <LoadMoreButton pages={log} size="sm" />
    </section>
  );
}
