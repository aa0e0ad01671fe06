"use client";

import Link from "next/link";
import type { ComponentProps } from "react";
import { goToKb, kbHref, type KbView } from "./kb-location";

/**
 * A link to a place in the knowledge base. A plain click moves /app itself (as the sidebar's
 * links do: the workspace follows its own address store, which a router link to the same page
 * would leave behind); a modified click is left to the link (new tab, new window).
 */
export function KbLink({ to, onClick, ...props }: Omit<ComponentProps<typeof Link>, "href"> & { to: KbView }) {
  return (
    <Link
      {...props}
      href={kbHref(to)}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        if (event.button !== 0) return;
        event.preventDefault();
        goToKb(to);
      }}
    />
  );
}
