import { addDays, format } from "date-fns";
import { API_TOKEN_MAX_LIFETIME_DAYS } from "@/lib/schemas/api-tokens";

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The expiry the API is sent for a date picked in the dialog: the end of that day where the
 * admin is, so a token "expiring on 31 January" still works all that day. No date: never.
 */
export function expiryFromDate(value: string): string | null {
  if (!DATE.test(value)) return value.trim() === "" ? null : value;
  return new Date(`${value}T23:59:59.999`).toISOString();
}

/** The dates the picker offers: from today to the last day within the two years a token may live. */
export function expiryDateBounds(now: Date): { min: string; max: string } {
  return { min: format(now, "yyyy-MM-dd"), max: format(addDays(now, API_TOKEN_MAX_LIFETIME_DAYS - 1), "yyyy-MM-dd") };
}
