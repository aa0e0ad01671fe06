import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { API_RATING_SELECT, toApiRating } from "@/lib/services/satisfaction/api-ratings";
import { enqueueWebhookEvent } from "./enqueue";
import { subscribedEndpoints } from "./subscribers";

/**
 * A customer rated the ticket, or changed their rating: `ticket.rating_received` with the rating
 * as the API lists it (`GET /api/v1/ratings`), in the rating's transaction. Nothing is read when
 * no endpoint hears the event.
 */
export async function enqueueRatingReceived(
  tx: Prisma.TransactionClient,
  { organizationId, ticketId }: { organizationId: string; ticketId: string },
): Promise<void> {
  if ((await subscribedEndpoints(organizationId, "ticket.rating_received", tx)).length === 0) return;
  const rating = await tx.satisfactionRating.findFirst({
    where: { ticketId, organizationId },
    select: API_RATING_SELECT,
  });
  if (rating)
    await enqueueWebhookEvent(tx, {
      organizationId,
      type: "ticket.rating_received",
      data: toApiRating(rating),
      ticketId,
    });
}
