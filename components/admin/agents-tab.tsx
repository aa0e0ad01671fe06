"use client";

import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { RoleBadge } from "@/components/users/role-badge";
import { useAgentSatisfaction } from "@/components/satisfaction/queries";
import { useAgents } from "./queries";

/** Beyond the spec's placeholder: who is on the team and how much each one carries. */
export function AgentsTab() {
  const agents = useAgents();
  const satisfaction = useAgentSatisfaction();
  const ratingsOf = new Map((satisfaction.data?.agents ?? []).map((a) => [a.agentId, a]));
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Agents</CardTitle>
        <CardDescription>
          Agents and admins of your organization with the tickets assigned to them, and how customers rated their
          resolved tickets over the last 30 days.
        </CardDescription>
      </CardHeader>
      <CardContent>
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
                <TableHead>Email</TableHead>
                <TableHead>Role</TableHead>
                <TableHead>Status</TableHead>
                <TableHead className="text-right">Open tickets</TableHead>
                <TableHead className="text-right">Assigned tickets</TableHead>
                <TableHead className="text-right">Rated (30 days)</TableHead>
                <TableHead className="text-right">Good</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {agents.data.map((a) => (
                <TableRow key={a.id}>
                  <TableCell className="font-medium">{a.fullName}</TableCell>
                  <TableCell>{a.email}</TableCell>
                  <TableCell>
                    <RoleBadge role={a.role} />
                  </TableCell>
                  <TableCell>
                    <Badge variant={a.isActive ? "success" : "destructive"}>{a.isActive ? "Active" : "Inactive"}</Badge>
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
      </CardContent>
    </Card>
  );
}
