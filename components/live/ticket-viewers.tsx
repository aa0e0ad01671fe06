"use client";

import { Avatar, AvatarFallback } from "@/components/ui/avatar";
import type { TicketViewer } from "@/lib/schemas/presence";
import { initials } from "@/lib/format/initials";
import { cn } from "@/lib/utils";

function sentence(viewers: TicketViewer[]): string {
  const typing = viewers.filter((v) => v.typing).map((v) => v.fullName);
  const viewing = viewers.filter((v) => !v.typing).map((v) => v.fullName);
  const parts: string[] = [];
  if (typing.length) parts.push(`${typing.join(", ")} ${typing.length === 1 ? "is" : "are"} typing a reply`);
  if (viewing.length) parts.push(`${viewing.join(", ")} ${viewing.length === 1 ? "is" : "are"} viewing`);
  return parts.join(" · ");
}

/** Avatars of the others who have this ticket open, a ring on whoever is typing, and who it is in words. */
export function TicketViewers({ viewers }: { viewers: TicketViewer[] }) {
  if (viewers.length === 0) return null;
  return (
    <div data-ticket-viewers className="flex min-w-0 items-center gap-2" role="status" aria-live="polite">
      <div className="flex -space-x-2">
        {viewers.slice(0, 5).map((v) => (
          <Avatar
            key={v.userId}
            title={v.typing ? `${v.fullName} is typing a reply` : `${v.fullName} is viewing`}
            className={cn("size-7 border-2 border-background", v.typing && "ring-2 ring-primary")}
          >
            <AvatarFallback className="text-[0.65rem]">{initials(v.fullName)}</AvatarFallback>
          </Avatar>
        ))}
      </div>
      <span className="truncate text-xs text-muted-foreground">{sentence(viewers)}</span>
    </div>
  );
}
