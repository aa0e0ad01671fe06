"use client";

import { format, formatDistanceToNow } from "date-fns";
import { Plus, Trash2 } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { OneTimeSecret } from "@/components/ui/one-time-secret";
import { toastError } from "@/components/ui/toast-error";
import { useNow } from "@/components/ui/use-now";
import { useApiTokens, useRevokeApiToken, type ApiTokenJson, type CreatedApiTokenJson } from "./queries";
import { TokenDialog } from "./token-dialog";

const day = (iso: string) => format(new Date(iso), "MMM d, yyyy");

function RevokeTokenButton({ token }: { token: ApiTokenJson }) {
  const revoke = useRevokeApiToken(token.id, {
    // No toast on success: the token leaves the list.
    onError: (error) => toastError("Could not revoke the token", error, "Please try again later"),
  });
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="sm" aria-label={`Revoke ${token.name}`} disabled={revoke.isPending}>
          <Trash2 aria-hidden />
          <span className="max-sm:sr-only">Revoke</span>
        </Button>
      }
      title="Revoke token?"
      description={`Programs using "${token.name}" (${token.prefix}...) will be refused from their next request. This cannot be undone.`}
      confirm="Revoke token"
      onConfirm={() => revoke.mutate()}
    />
  );
}

function TokenRow({ token, now }: { token: ApiTokenJson; now: Date }) {
  const expired = token.expiresAt !== null && new Date(token.expiresAt) <= now;
  const lastUse = token.lastUsedAt
    ? `Last used ${formatDistanceToNow(new Date(token.lastUsedAt), { addSuffix: true })}${token.lastUsedIp ? ` from ${token.lastUsedIp}` : ""}`
    : "Never used";
  const expiry = token.expiresAt ? `${expired ? "Expired" : "Expires"} ${day(token.expiresAt)}` : "Never expires";
  return (
    <li className="grid gap-2 rounded-lg border p-3 sm:grid-cols-[1fr_auto] sm:items-start" data-token={token.name}>
      <div className="grid min-w-0 gap-1.5">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-medium break-words">{token.name}</span>
          <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs">{token.prefix}...</code>
          {expired && <Badge variant="destructive">Expired</Badge>}
        </div>
        <ul className="flex flex-wrap gap-1" aria-label={`${token.name} scopes`}>
          {token.scopes.map((scope) => (
            <li key={scope}>
              <Badge variant="secondary" className="font-mono">
                {scope}
              </Badge>
            </li>
          ))}
        </ul>
        <p className="text-xs text-muted-foreground">
          Created {day(token.createdAt)}
          {token.createdBy ? ` by ${token.createdBy.fullName}` : ""} · {lastUse} · {expiry}
        </p>
      </div>
      <div className="flex gap-1 sm:justify-end">
        <RevokeTokenButton token={token} />
      </div>
    </li>
  );
}

/**
 * Settings > API (admins, Enterprise): the tokens programs call the API with. A new token's
 * secret shows once, above the list, until the admin dismisses it.
 */
export function TokensCard() {
  const tokens = useApiTokens();
  const now = useNow();
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<CreatedApiTokenJson | null>(null);
  const list = tokens.data?.tokens ?? [];

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">API tokens</CardTitle>
        <CardDescription>
          Tokens let your own scripts and other tools, such as a CRM or a status page, read and change your tickets
          through the API. Each acts as your organization within its scopes; revoke one the moment it is no longer
          needed. The{" "}
          <Link href="/docs/api" className="text-primary underline underline-offset-2">
            API reference
          </Link>{" "}
          lists every call with an example.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {created && (
          <OneTimeSecret
            title={`Your new token "${created.name}"`}
            label="New API token"
            value={created.token}
            copyLabel="Copy Token"
            onDone={() => setCreated(null)}
          />
        )}
        {tokens.isPending ? (
          <p className="text-sm text-muted-foreground">Loading tokens...</p>
        ) : tokens.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Failed to load API tokens
          </p>
        ) : list.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No tokens yet. Create one for each program that should talk to Ticketry, so you can revoke it alone.
          </p>
        ) : (
          <ul className="grid gap-2" aria-label="API tokens">
            {list.map((token) => (
              <TokenRow key={token.id} token={token} now={now} />
            ))}
          </ul>
        )}
        <div>
          <Button onClick={() => setOpen(true)}>
            <Plus aria-hidden /> New Token
          </Button>
        </div>
      </CardContent>
      <TokenDialog open={open} onOpenChange={setOpen} onCreated={setCreated} />
    </Card>
  );
}
