import type { ReactNode } from "react";

/**
 * One entry of the command palette: a place, a ticket, an action. `keywords` are other words
 * that find it, `hint` is shown beside it (a ticket's number), `shortcut` the key that does
 * the same outside the palette.
 */
export type Command = {
  id: string;
  group: string;
  label: string;
  keywords?: string;
  hint?: string;
  shortcut?: string;
  icon: ReactNode;
  run: () => void;
};
