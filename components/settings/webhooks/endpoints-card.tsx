"use client";

import { Plus } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { OneTimeSecret } from "@/components/ui/one-time-secret";
import type { WebhookSecret } from "@/lib/schemas/webhooks";
import { EndpointDialog } from "./endpoint-dialog";
import { EndpointRow } from "./endpoint-row";
import { useWebhookEndpoints, type EndpointJson } from "./queries";

/** The secret on screen: a new endpoint's, or the one a rotation just made. */
type ShownSecret = WebhookSecret & { url: string; rotated: boolean };

/**
 * Settings > Webhooks: the endpoints Ticketry posts events to, each with its events, state and
 * delivery log; a new endpoint's secret (and a rotated one) is shown once above the list.
 */
export function EndpointsCard() {
  const endpoints = useWebhookEndpoints();
  const [editing, setEditing] = useState<EndpointJson | null>(null);
  const [open, setOpen] = useState(false);
  const [secret, setSecret] = useState<ShownSecret | null>(null);
  const data = endpoints.data;
  const list = data?.endpoints ?? [];
  const atLimit = data !== undefined && list.length >= data.limit;

  function edit(endpoint: EndpointJson | null) {
    setEditing(endpoint);
    setOpen(true);
  }

  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle as="h2">Webhooks</CardTitle>
          <CardDescription>
            Ticketry posts the events you choose to your URLs as they happen, signed as the Standard Webhooks
            specification describes, and retries for about a day when a URL does not answer.
          </CardDescription>
        </div>
        {data && (
          <Badge variant="outline" className="shrink-0" data-testid="webhook-count">
            {list.length} of {data.limit} endpoints
          </Badge>
        )}
      </CardHeader>
      <CardContent className="grid gap-4">
        {secret && (
          <OneTimeSecret
            title={secret.rotated ? `New signing secret for ${secret.url}` : `Signing secret for ${secret.url}`}
            label="Signing secret"
            value={secret.secret}
            copyLabel="Copy Secret"
            onDone={() => setSecret(null)}
          />
        )}
        {endpoints.isPending ? (
          <p className="text-sm text-muted-foreground">Loading endpoints...</p>
        ) : endpoints.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Failed to load webhook endpoints
          </p>
        ) : list.length === 0 ? (
          <p className="text-sm text-muted-foreground">No endpoints yet.</p>
        ) : (
          <ul className="grid gap-2" aria-label="Webhook endpoints">
            {list.map((endpoint) => (
              <EndpointRow
                key={endpoint.id}
                endpoint={endpoint}
                onEdit={() => edit(endpoint)}
                onRotated={(rotated) => setSecret({ ...rotated, url: endpoint.url, rotated: true })}
              />
            ))}
          </ul>
        )}
        <div className="flex flex-wrap items-center gap-3">
          <Button onClick={() => edit(null)} disabled={atLimit}>
            <Plus aria-hidden /> New Endpoint
          </Button>
          {atLimit && <p className="text-sm text-muted-foreground">An organization can have {data.limit} endpoints.</p>}
        </div>
      </CardContent>
      <EndpointDialog
        endpoint={editing}
        open={open}
        onOpenChange={setOpen}
        onCreated={(created) => setSecret({ ...created, rotated: false })}
      />
    </Card>
  );
}
