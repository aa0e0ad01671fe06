"use client";

import Link from "next/link";
import { changeText, type RuleNames } from "@/lib/automations/labels";
import type { AutomationPreview } from "@/lib/schemas/automations";
import { ticketUrl } from "@/lib/tickets/ticket-url";

/**
 * What a rule would have done to the latest tickets: how many it matches among how many were tried
 * (a young organisation has fewer than the last 500), and each one's changes in words.
 */
export function RulePreview({ preview, names }: { preview: AutomationPreview; names: RuleNames }) {
  const count = preview.matches.length;
  return (
    <section aria-labelledby="rule-preview-title" className="grid gap-2 rounded-md border bg-muted/40 p-3">
      <h3 id="rule-preview-title" className="text-sm font-medium">
        {preview.examined === 0
          ? "No tickets yet to try the rule on"
          : `Would match ${count} of the last ${preview.examined} ${preview.examined === 1 ? "ticket" : "tickets"}`}
      </h3>
      {count > 0 && (
        <ul className="grid max-h-60 gap-1.5 overflow-y-auto text-sm" aria-label="Matching tickets">
          {preview.matches.map((m) => {
            const changes = m.changes.map((c) => changeText(c, names)).filter(Boolean);
            return (
              <li key={m.ticketId} className="grid gap-0.5 sm:grid-cols-[5rem_1fr] sm:gap-2">
                <Link href={ticketUrl(m.ticketNumber)} className="font-medium underline-offset-4 hover:underline">
                  #{m.ticketNumber}
                </Link>
                <span className="break-words text-muted-foreground">
                  {changes.length ? changes.join("; ") : "Already as the rule would leave it"}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
