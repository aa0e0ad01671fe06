"use client";

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { RoleBadge } from "@/components/users/role-badge";
import { useAgentSatisfaction } from "@/components/satisfaction/queries";
import { HomeLink } from "./home-link";
import { useAgents } from "./queries";

/**
 * Beyond the spec's placeholder: how much each member of the team carries. Who they are (email,
 * role changes, active state, invitations) is User Management's.
 */
export function AgentsTab() {
  const agents = useAgents();
  const satisfaction = useAgentSatisfaction();
  const ratingsOf = new Map((satisfaction.data?.agents ?? []).map((a) => [a.agentId, a]));
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Agents</CardTitle>
        <CardDescription>
          What each agent and admin carries: the tickets assigned to them, and how customers rated their resolved
          tickets over the last 30 days. Automatic assignment passes over anyone away.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {agents.isPending ? (
          <p className="text-sm text-muted-foreground">Loading agents...</p>
        ) : agents.isError ? (
          <p className="text-sm text-destructive">Failed to load agents</p>
        ) : agents.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No agents yet</p>
        ) : (
          <Table aria-label="Agents" scrollLabel="Agents table">
            <TableHeader>
              <TableRow>
                <TableHead>Name</TableHead>
                <TableHead>Role</TableHead>
                <TableHead className="text-right">Open tickets</TableHead>
                <TableHead className="text-right">Assigned tickets</TableHead>
                <TableHead className="text-right">Rated (30 days)</TableHead>
                <TableHead className="text-right">Good</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {agents.data.map((a) => (
                <TableRow key={a.id}>
                  <TableCell className="font-medium">
                    {a.fullName}
                    {!a.isActive ? (
                      <span className="font-normal text-muted-foreground"> (inactive)</span>
                    ) : (
                      a.availability === "away" && <span className="font-normal text-muted-foreground"> (away)</span>
                    )}
                  </TableCell>
                  <TableCell>
                    <RoleBadge role={a.role} />
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{a.openTickets}</TableCell>
                  <TableCell className="text-right tabular-nums">{a.assignedTickets}</TableCell>
                  <TableCell className="text-right tabular-nums">{ratingsOf.get(a.id)?.rated ?? 0}</TableCell>
                  <TableCell className="text-right tabular-nums">
                    {ratingsOf.get(a.id) ? `${ratingsOf.get(a.id)!.percentGood}%` : "-"}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        <HomeLink href="/users">Manage people, roles and invitations in User Management</HomeLink>
      </CardContent>
    </Card>
  );
}
