import type { WebhookEvent } from "@/lib/schemas/webhooks";

/** What each event an endpoint can subscribe to means, in the settings' words. */
export const EVENT_DESCRIPTIONS: Record<WebhookEvent, string> = {
  "ticket.created": "A ticket is created, from any entrance",
  "ticket.updated": "A ticket's status, priority, group, tags or fields change",
  "ticket.assigned": "A ticket is assigned or unassigned",
  "reply.created": "A reply or an internal note is added (marked which)",
  "ticket.rating_received": "A customer rates a ticket",
};
