import "server-only";
import type { Prisma } from "@/generated/prisma/client";

type Tx = Prisma.TransactionClient;

/**
 * Keeps the tickets' company true after a company's domains or hand-added people changed, in the
 * caller's transaction: every ticket now of the company, or of one of its domains or addresses,
 * takes the company its address resolves to (company_of_address, the rule the ticket trigger
 * applies on every write: a hand-added address first, then the domain).
 *
 * The addresses are a range of the (organisation, customer email) index. A domain has no index
 * of its own: the domain test reads every ticket of the organisation, which is fine for a
 * demo-size organisation; at 1M tickets it is a scan of the organisation's rows (seconds) and
 * holds the changed tickets' row locks until the change commits. Only rows whose company
 * actually changes are written.
 */
export async function reassignTickets(
  tx: Tx,
  organizationId: string,
  companyId: string,
  domains: string[],
  emails: string[],
): Promise<number> {
  return tx.$executeRaw`
    UPDATE "Ticket" t SET "companyId" = company_of_address(t."organizationId", t."customerEmail")
    WHERE t."organizationId" = ${organizationId}
      AND (t."companyId" = ${companyId}
        OR t."customerEmail" = ANY(${emails}::text[])
        OR split_part(lower(t."customerEmail"), '@', 2) = ANY(${domains}::text[]))
      AND t."companyId" IS DISTINCT FROM company_of_address(t."organizationId", t."customerEmail")`;
}
