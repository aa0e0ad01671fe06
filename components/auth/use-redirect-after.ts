"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";

/** After a reset or an accepted invitation, go to the login page 2 seconds later. */
export const REDIRECT_DELAY_MS = 2000;

export function useRedirectAfter(active: boolean, path: string) {
  const router = useRouter();
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => router.push(path), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [active, path, router]);
}
