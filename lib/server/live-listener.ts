import "server-only";
import { sessionUsers } from "@/lib/auth/session-users";
import { hub } from "@/lib/live/hub";
import { Listener } from "@/lib/live/listener";
import { organizationCounts } from "@/lib/services/tickets/counts";
import { organizationRules } from "@/lib/services/automations/active-rules";
import { organizationWebhooks } from "@/lib/services/webhooks/subscribers";
import { apiCallers } from "@/lib/services/api-tokens/token-cache";
import { organizationFields } from "@/lib/services/fields/field-cache";
import { organizationSlaSetups } from "@/lib/services/sla/setup";

const globalForListener = globalThis as unknown as { ticketryLiveListener?: Listener };

/**
 * This process's one LISTEN connection (kept across hot reloads in development), wired here to
 * the caches it keeps true: the session users, the live streams' hub, the queue counts, the
 * organisations' automation rules, SLA setups, webhook endpoints and custom fields, and the API's
 * callers. The listener itself knows none of them, so lib/live depends on no service.
 */
export const listener = (globalForListener.ticketryLiveListener ??= new Listener({
  users: sessionUsers,
  events: hub,
  counts: organizationCounts,
  setups: [organizationRules, organizationSlaSetups, organizationWebhooks, organizationFields],
  apiTokens: apiCallers.tokens,
  apiAddresses: apiCallers.addresses,
}));
