/** How a ticket's category reads on screen. */
export const CATEGORY_LABELS: Record<string, string> = {
  account: "Account",
  billing: "Billing",
  technical: "Technical",
  other: "Other",
};
