"use client";

import { MoreHorizontal } from "lucide-react";
import { Button } from "./button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from "./dropdown-menu";
import { TableHead } from "./table";

/** The header of a table's row-actions column: no visible title, named for screen readers. */
export function RowActionsHead() {
  return (
    <TableHead className="w-12">
      <span className="sr-only">Actions</span>
    </TableHead>
  );
}

/** The menu at the end of a table row; `label` names the row it acts on. */
export function RowActionsMenu({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Actions for ${label}`}>
          <MoreHorizontal aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className={className}>
        {children}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
