"use client";

import { formatDistanceToNow } from "date-fns";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { describeDevice } from "@/lib/format/device";
import type { SessionJson } from "@/lib/schemas/sessions";

/** Live sessions as rows: device, address, last seen (this one marked), each with its own "End". */
export function SessionList({
  sessions,
  onEnd,
  ending,
}: {
  sessions: SessionJson[];
  onEnd?: (session: SessionJson) => void;
  ending?: string | null;
}) {
  if (sessions.length === 0) return <p className="text-sm text-muted-foreground">No active sessions.</p>;
  return (
    <ul className="divide-y rounded-md border" data-testid="session-list">
      {sessions.map((session) => (
        <li key={session.id} className="flex flex-wrap items-center gap-3 p-3 text-sm" data-testid="session-row">
          <div className="grid min-w-0 flex-1 gap-0.5">
            <span className="flex items-center gap-2 font-medium">
              <span className="truncate" title={session.userAgent}>
                {describeDevice(session.userAgent)}
              </span>
              {session.current && <Badge variant="success">This device</Badge>}
            </span>
            <span className="text-muted-foreground">
              {session.address || "Unknown address"} · Last seen{" "}
              {formatDistanceToNow(new Date(session.lastSeenAt), { addSuffix: true })} · Signed in{" "}
              {formatDistanceToNow(new Date(session.createdAt), { addSuffix: true })}
            </span>
          </div>
          {onEnd && !session.current && (
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={ending === session.id}
              onClick={() => onEnd(session)}
            >
              {ending === session.id ? "Ending..." : "End"}
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
