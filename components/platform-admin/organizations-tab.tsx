"use client";

import { format } from "date-fns";
import { Plus } from "lucide-react";
import { useState } from "react";
import { Avatar, AvatarFallback } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { DropdownMenuItem, DropdownMenuSeparator } from "@/components/ui/dropdown-menu";
import { PagedTable } from "@/components/ui/paged-table";
import { RowActionsHead, RowActionsMenu } from "@/components/ui/row-actions";
import { TableCell, TableHead, TableRow } from "@/components/ui/table";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { SearchInput } from "@/components/ui/search-input";
import { useDebounced } from "@/lib/http/client/use-cursor-pages";
import { initials } from "@/lib/format/initials";
import { ChangePlanDialog } from "./change-plan-dialog";
import { PlanBadge } from "./plan-badge";
import type { OrganizationJson } from "@/components/settings/queries";
import { useOrganizationDirectory } from "./queries";

const PAGE_SIZE = 50;

function ComingSoon() {
  return <span className="ml-auto text-xs text-muted-foreground">Coming soon</span>;
}

/** The organisations table: searched by name on the server, further pages on demand. */
export function OrganizationsTab() {
  const [search, setSearch] = useState("");
  const [changing, setChanging] = useState<OrganizationJson | null>(null);
  const q = useDebounced(search.trim(), 250);
  const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (q) params.set("q", q);

  // While a new search loads, the previous rows stay (an open row menu is not torn down).
  const query = useOrganizationDirectory(params);
  const organizations = query.items;

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <SearchInput
          label="Search organizations"
          placeholder="Search organizations..."
          value={search}
          onValueChange={setSearch}
          className="w-full max-w-sm"
        />
        <Tooltip>
          <TooltipTrigger asChild>
            {/* A disabled button gets no pointer events; the wrapper carries the tooltip. */}
            <span tabIndex={0} className="inline-flex rounded-md">
              <Button disabled aria-describedby="add-organization-soon">
                <Plus aria-hidden /> Add Organization
              </Button>
            </span>
          </TooltipTrigger>
          <TooltipContent id="add-organization-soon">Coming soon</TooltipContent>
        </Tooltip>
      </div>
      <PagedTable
        pages={query}
        colSpan={7}
        loading="Loading organizations..."
        failed="Failed to load organizations"
        empty="No organizations found"
        head={
          <>
            <TableHead className="pl-4">Organization</TableHead>
            <TableHead>Plan</TableHead>
            <TableHead className="text-right">Total Tickets</TableHead>
            <TableHead className="text-right">Open Tickets</TableHead>
            <TableHead className="text-right">Support Emails</TableHead>
            <TableHead>Created</TableHead>
            <RowActionsHead />
          </>
        }
      >
        {organizations.map((org) => (
          <TableRow key={org.id} data-testid="organization-row">
            <TableCell className="pl-4">
              <div className="flex items-center gap-3">
                <Avatar>
                  <AvatarFallback aria-hidden>{initials(org.name)}</AvatarFallback>
                </Avatar>
                <div className="grid">
                  <span className="font-medium">{org.name}</span>
                  <span className="font-mono text-xs text-muted-foreground">{org.id}</span>
                </div>
              </div>
            </TableCell>
            <TableCell>
              <PlanBadge plan={org.plan} />
            </TableCell>
            <TableCell className="text-right tabular-nums">{org.stats.totalTickets}</TableCell>
            <TableCell className="text-right tabular-nums">{org.stats.openTickets}</TableCell>
            <TableCell className="text-right tabular-nums">{org.supportEmails.length}</TableCell>
            <TableCell>{format(new Date(org.createdAt), "MMM d, yyyy")}</TableCell>
            <TableCell>
              <RowActionsMenu label={org.name} className="min-w-56">
                <DropdownMenuItem disabled>
                  View Details <ComingSoon />
                </DropdownMenuItem>
                <DropdownMenuItem disabled>
                  Manage Organization <ComingSoon />
                </DropdownMenuItem>
                <DropdownMenuSeparator />
                <DropdownMenuItem onSelect={() => setChanging(org)}>Change plan</DropdownMenuItem>
              </RowActionsMenu>
            </TableCell>
          </TableRow>
        ))}
      </PagedTable>
      <ChangePlanDialog organization={changing} onClose={() => setChanging(null)} />
    </div>
  );
}
