"use client";

import type { ReactNode } from "react";
import { setHash, useHash } from "@/components/workspace/use-hash";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "./tabs";

export type HashTab = { value: string; label: string; panel: ReactNode };

/**
 * A page's tabs, each listed once with its panel. The URL hash names the open one (the first
 * when it names none) and switching updates it, so a link or a reload opens the same tab.
 */
export function HashTabs({
  tabs,
  className,
  listClassName,
  triggerClassName,
  orientation,
}: {
  tabs: HashTab[];
  className?: string;
  listClassName?: string;
  triggerClassName?: string;
  /** How the tabs are laid out, for the arrow keys and assistive technology (the classes lay them out). */
  orientation?: "horizontal" | "vertical";
}) {
  const hash = useHash();
  const open = tabs.some((t) => t.value === hash) ? hash : tabs[0]!.value;
  return (
    <Tabs value={open} onValueChange={setHash} className={className} orientation={orientation}>
      <TabsList className={listClassName}>
        {tabs.map(({ value, label }) => (
          <TabsTrigger key={value} value={value} className={triggerClassName}>
            {label}
          </TabsTrigger>
        ))}
      </TabsList>
      {tabs.map(({ value, panel }) => (
        <TabsContent key={value} value={value}>
          {panel}
        </TabsContent>
      ))}
    </Tabs>
  );
}
