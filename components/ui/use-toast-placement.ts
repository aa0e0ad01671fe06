"use client";

import { useEffect, type RefObject } from "react";
import { controlBoxes, freeSpot, overlaps } from "./toast-placement";

/** Changes to the page that can move a control under the toast (or free its place). */
const WATCHED = {
  subtree: true,
  childList: true,
  attributes: true,
  attributeFilter: ["class", "style", "disabled", "hidden", "aria-hidden", "inert"],
};

/**
 * Keeps the toast list (a fixed box) where it covers no control. A toast that appears is put in
 * the first free place; while it shows it stays there unless the page changes under it (the
 * next ticket opens, the reply box grows, the window is resized or scrolled), and only then
 * moves, so it does not wander while the agent reads it.
 */
export function useToastPlacement(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const list = ref.current;
    if (!list) return;
    let shown = false;
    let frame = 0;

    function place(anew: boolean) {
      // A toast being swiped away moves on purpose.
      if (list!.querySelector("[data-swipe='move']")) return;
      const box = list!.getBoundingClientRect();
      const taken = controlBoxes(list!);
      const inWindow =
        box.top >= 0 && box.left >= 0 && box.bottom <= window.innerHeight && box.right <= window.innerWidth;
      if (!anew && inWindow && !taken.some((control) => overlaps(control, box))) return;
      const spot = freeSpot({ width: window.innerWidth, height: window.innerHeight }, box, taken);
      // Nowhere free (a screen full of controls): the usual corner.
      Object.assign(
        list!.style,
        spot
          ? { left: `${spot.left}px`, top: `${spot.top}px`, right: "auto", bottom: "auto" }
          : { left: "", top: "", right: "", bottom: "" },
      );
    }
    const recheck = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        if (shown) place(false);
      });
    };
    const pageChanges = new MutationObserver((records) => {
      if (records.some((record) => !list.contains(record.target))) recheck();
    });
    function show() {
      shown = true;
      pageChanges.observe(document.body, WATCHED);
      window.addEventListener("resize", recheck);
      window.addEventListener("scroll", recheck, { capture: true, passive: true });
      document.addEventListener("transitionend", recheck, true);
    }
    function hide() {
      shown = false;
      pageChanges.disconnect();
      window.removeEventListener("resize", recheck);
      window.removeEventListener("scroll", recheck, { capture: true });
      document.removeEventListener("transitionend", recheck, true);
    }
    // Runs after layout and before paint: a new toast is first painted where it will stay.
    const sizes = new ResizeObserver(() => {
      const empty = list.getBoundingClientRect().height === 0;
      if (empty) return shown && hide();
      place(!shown);
      if (!shown) show();
    });
    sizes.observe(list);
    return () => {
      sizes.disconnect();
      hide();
      cancelAnimationFrame(frame);
    };
  }, [ref]);
}
