/**
 * Hands `then` a field of the open ticket once it can be seen. On a narrow ticket pane the fields
 * are folded under "Details" (ticket-details-panel.tsx): unfolded first, then found again once
 * drawn. Nothing happens when the ticket has no such field (a customer's view).
 */
export function revealTicketField<T extends HTMLElement>(find: () => T | null, then: (field: T) => void) {
  const field = find();
  if (!field) return;
  if (field.getClientRects().length > 0) return then(field);
  const unfold = document.querySelector<HTMLButtonElement>("[data-details-toggle][aria-expanded='false']");
  if (!unfold) return;
  unfold.click();
  requestAnimationFrame(() => revealTicketField(find, then));
}
