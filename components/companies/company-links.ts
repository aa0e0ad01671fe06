import { workspaceHref } from "@/components/workspace/workspace-location";
import { NO_LIST_PARAMS } from "@/lib/tickets/list-params";

/** The ticket list filtered by the company, through all tickets (open or not). */
export const companyTickets = (companyId: string) => ({
  section: "all-open",
  ticket: null,
  list: { ...NO_LIST_PARAMS, company: companyId, everywhere: true },
});
export const companyTicketsHref = (companyId: string) => workspaceHref(companyTickets(companyId));

/** Settings > Companies with this company's people open. */
export const companySettingsHref = (companyId: string) =>
  `/settings?company=${encodeURIComponent(companyId)}#companies`;
