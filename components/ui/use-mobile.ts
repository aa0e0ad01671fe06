"use client";

import { useEffect, useState } from "react";

/** Below 768 px the layout is mobile. */
export const MOBILE_BREAKPOINT_PX = 768;

/** Whether `query` (a CSS media query) matches, following the window as it changes; false on the server. */
export function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(false);
  useEffect(() => {
    const list = window.matchMedia(query);
    const update = () => setMatches(list.matches);
    update();
    list.addEventListener("change", update);
    return () => list.removeEventListener("change", update);
  }, [query]);
  return matches;
}

export function useIsMobile(): boolean {
  return useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`);
}
