"use client";

import { useEffect, useState } from "react";

const MINUTE_MS = 60_000;

/**
 * The time now, again every minute: what says "due in 3 business hours" or "breached" stays
 * true as time passes, with nothing fetched.
 */
export function useNow(everyMs = MINUTE_MS): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
