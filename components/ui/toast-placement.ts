/**
 * Where a toast may sit: somewhere it hides no button, link or field, so the agent can go on
 * working (Send, Add Note, "Back to ..." stay clickable while it shows). The window's bottom
 * edge is tried first, then its top edge, then rows further in from the bottom; in each row
 * the rightmost free place wins, so a toast keeps to the usual bottom-right corner whenever
 * that corner is free.
 */
export type Box = { left: number; top: number; right: number; bottom: number };
export type Spot = { left: number; top: number };
type Size = { width: number; height: number };

/** Distance kept from the window's edges, room left around each control, and how finely rows are tried. */
// A one-line toast at the top then fits within the app's top bar, over none of its content.
export const PLACEMENT = { margin: 8, gap: 4, step: 8 } as const;

/** The furthest right a box of `width` may start, at most at `maxLeft`, touching none of `spans` (null: nowhere). */
function rightmostLeft(spans: [number, number][], minLeft: number, maxLeft: number, width: number): number | null {
  let left = maxLeft;
  for (let moved = true; moved;) {
    moved = false;
    for (const [start, end] of spans) {
      if (start < left + width && end > left) {
        left = start - width;
        moved = true;
      }
    }
    if (left < minLeft) return null;
  }
  return left;
}

/** The first free place for a box of `size` in an `area` where `taken` boxes must stay uncovered, or null. */
export function freeSpot(area: Size, size: Size, taken: Box[], { margin, gap, step } = PLACEMENT): Spot | null {
  const minLeft = Math.min(margin, Math.max(0, (area.width - size.width) / 2));
  const maxLeft = Math.max(minLeft, area.width - size.width - margin);
  const bottom = Math.max(margin, area.height - size.height - margin);
  const rows = [bottom, margin];
  for (let top = bottom - step; top > margin; top -= step) rows.push(top);
  for (const top of rows) {
    const spans = taken
      .filter((box) => box.top - gap < top + size.height && box.bottom + gap > top)
      .map((box): [number, number] => [box.left - gap, box.right + gap]);
    const left = rightmostLeft(spans, minLeft, maxLeft, size.width);
    if (left !== null) return { left, top };
  }
  return null;
}

export function overlaps(a: Box, b: Box): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/** What counts as something to click or type in (its own controls aside, a toast never covers one). */
const CONTROLS = [
  "a[href]",
  "button",
  "input:not([type='hidden'])",
  "select",
  "textarea",
  "summary",
  "[contenteditable='true']",
  ...["button", "link", "checkbox", "switch", "combobox", "tab", "menuitem", "option", "slider"].map(
    (role) => `[role='${role}']`,
  ),
].join(", ");

/** The boxes of the controls on screen that can be used now (not disabled, not behind a dialog), `except` those inside `except`. */
export function controlBoxes(except: Element): Box[] {
  const boxes: Box[] = [];
  for (const element of document.querySelectorAll<HTMLElement>(CONTROLS)) {
    if (except.contains(element)) continue;
    if (element.matches(":disabled, [aria-disabled='true']")) continue;
    // Behind an open dialog the page is inert and hidden from assistive technology.
    if (element.closest("[inert], [aria-hidden='true']")) continue;
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    if (box.bottom <= 0 || box.right <= 0 || box.top >= window.innerHeight || box.left >= window.innerWidth) continue;
    if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
    boxes.push(box);
  }
  return boxes;
}
