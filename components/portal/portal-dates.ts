import { format } from "date-fns";

/** The day a ticket was opened, as the portal's list shows it. */
export const portalDate = (iso: string) => format(new Date(iso), "MMM d, yyyy");

const DATE_AND_TIME = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/** When a message was written: day and time, in the customer's own language and time zone. */
export const portalDateTime = (iso: string) => DATE_AND_TIME.format(new Date(iso));
