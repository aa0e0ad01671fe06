"use client";

import { formatDistanceToNow } from "date-fns";
import { ChevronDown, KeyRound, Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Switch } from "@/components/ui/switch";
import { toastError } from "@/components/ui/toast-error";
import { cn } from "@/lib/utils";
import { DeliveriesPanel } from "./deliveries-panel";
import { DeliveryStatus } from "./delivery-status";
import { useDeleteEndpoint, useRotateSecret, useUpdateEndpoint, type EndpointJson } from "./queries";
import type { WebhookSecret } from "@/lib/schemas/webhooks";

function LastDelivery({ endpoint }: { endpoint: EndpointJson }) {
  const last = endpoint.lastDelivery;
  if (!last) return <span className="text-sm text-muted-foreground">No deliveries yet</span>;
  return (
    <span className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
      Last delivery <DeliveryStatus status={last.status} attempts={last.attempts} />
      {last.responseStatus !== null && <span>HTTP {last.responseStatus}</span>}
      <span>{formatDistanceToNow(new Date(last.createdAt), { addSuffix: true })}</span>
    </span>
  );
}

/** One endpoint: its URL, events and state; switched on and off, edited, rotated, deleted; its log on asking. */
export function EndpointRow({
  endpoint,
  onEdit,
  onRotated,
}: {
  endpoint: EndpointJson;
  onEdit: () => void;
  onRotated: (secret: WebhookSecret) => void;
}) {
  const [showLog, setShowLog] = useState(false);
  const toggle = useUpdateEndpoint(endpoint.id, {
    onError: (error) => toastError("Could not change the endpoint", error, "Please try again later"),
  });
  const rotate = useRotateSecret(endpoint.id, {
    onSuccess: onRotated,
    onError: (error) => toastError("Could not rotate the secret", error, "Please try again later"),
  });
  const remove = useDeleteEndpoint(endpoint.id, {
    onError: (error) => toastError("Could not delete the endpoint", error, "Please try again later"),
  });
  const logId = `webhook-log-${endpoint.id}`;

  return (
    <li className="grid gap-3 rounded-lg border p-3" data-endpoint={endpoint.url}>
      <div className="grid gap-3 xl:grid-cols-[1fr_auto] xl:items-start">
        <div className="grid min-w-0 gap-1.5">
          <span className="font-mono text-sm font-medium break-all">{endpoint.url}</span>
          {endpoint.description && <span className="text-sm break-words">{endpoint.description}</span>}
          <ul className="flex flex-wrap gap-1" aria-label="Events">
            {endpoint.events.map((event) => (
              <li key={event}>
                <Badge variant="outline" className="font-mono">
                  {event}
                </Badge>
              </li>
            ))}
          </ul>
          {endpoint.disabledAt && (
            <p className="text-sm text-destructive">
              Turned off {formatDistanceToNow(new Date(endpoint.disabledAt), { addSuffix: true })} after failing for
              days. Check the log, then turn it on again.
            </p>
          )}
          <LastDelivery endpoint={endpoint} />
        </div>
        <div className="flex flex-wrap items-center gap-1 xl:justify-end">
          <label className="mr-2 flex items-center gap-2 text-sm">
            <Switch
              checked={endpoint.active}
              disabled={toggle.isPending}
              onCheckedChange={(active) => toggle.mutate({ active })}
              aria-label={`Send events to ${endpoint.url}`}
            />
            {endpoint.active ? "On" : "Off"}
          </label>
          <Button variant="ghost" size="sm" aria-label={`Edit ${endpoint.url}`} onClick={onEdit}>
            <Pencil aria-hidden />
            <span className="max-sm:sr-only">Edit</span>
          </Button>
          <ConfirmDialog
            trigger={
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Rotate secret of ${endpoint.url}`}
                disabled={rotate.isPending}
              >
                <KeyRound aria-hidden />
                <span className="max-sm:sr-only">Rotate Secret</span>
              </Button>
            }
            title="Rotate the signing secret?"
            description="A new secret is shown once. The current one keeps signing beside it for 24 hours, so your receiver can switch without missing an event."
            confirm="Rotate Secret"
            onConfirm={() => rotate.mutate()}
          />
          <ConfirmDialog
            trigger={
              <Button variant="ghost" size="sm" aria-label={`Delete ${endpoint.url}`} disabled={remove.isPending}>
                <Trash2 aria-hidden />
                <span className="max-sm:sr-only">Delete</span>
              </Button>
            }
            title="Delete endpoint?"
            description={`Ticketry stops sending events to ${endpoint.url}, and its delivery log is deleted with it.`}
            confirm="Delete Endpoint"
            onConfirm={() => remove.mutate()}
          />
          <Button
            variant="outline"
            size="sm"
            aria-expanded={showLog}
            aria-controls={logId}
            onClick={() => setShowLog((shown) => !shown)}
          >
            <ChevronDown aria-hidden className={cn("transition-transform", showLog && "rotate-180")} />
            Deliveries
          </Button>
        </div>
      </div>
      <div id={logId} hidden={!showLog}>
        {showLog && <DeliveriesPanel endpoint={endpoint} />}
      </div>
    </li>
  );
}
