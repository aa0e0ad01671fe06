"use client";

import { Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { UpgradeDialog } from "@/components/tickets/upgrade-dialog";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { toastError } from "@/components/ui/toast-error";
import { countAgainst } from "@/lib/format/count-against";
import { macroChangesText } from "@/lib/macros/changes-text";
import { PLANS, UNLIMITED, withinLimit } from "@/lib/plans/limits";
import type { Plan } from "@/generated/prisma/enums";
import { MacroDialog } from "./macro-dialog";
import { useDeleteMacro, useMacros, type MacroJson } from "./queries";

function DeleteMacroButton({ macro }: { macro: MacroJson }) {
  const remove = useDeleteMacro(macro.id, {
    // No toast on success: the macro leaves the list.
    onError: (error) => toastError("Could not delete the macro", error, "Please try again later"),
  });
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="sm" aria-label={`Delete ${macro.name}`} disabled={remove.isPending}>
          <Trash2 aria-hidden />
          <span className="max-sm:sr-only">Delete</span>
        </Button>
      }
      title="Delete macro?"
      description={`"${macro.name}" will no longer be offered in the reply box. Replies already sent with it stay as they are.`}
      confirm="Delete macro"
      onConfirm={() => remove.mutate()}
    />
  );
}

function MacroRow({ macro, canManage, onEdit }: { macro: MacroJson; canManage: boolean; onEdit: () => void }) {
  const changes = macroChangesText(macro);
  return (
    <li className="grid gap-2 rounded-lg border p-3 sm:grid-cols-[1fr_auto] sm:items-start" data-macro={macro.name}>
      <div className="grid min-w-0 gap-1">
        <span className="font-medium break-words">{macro.name}</span>
        {/* A preview: the text on two lines at most, its line breaks read as spaces. */}
        <p className="line-clamp-2 text-sm break-words text-muted-foreground">{macro.body.replace(/\s+/g, " ")}</p>
        {changes.length > 0 && (
          <div className="flex flex-wrap gap-1" aria-label="Changes when sent">
            {changes.map((c) => (
              <Badge key={c} variant="secondary">
                {c}
              </Badge>
            ))}
          </div>
        )}
      </div>
      {canManage && (
        <div className="flex gap-1 sm:justify-end">
          <Button variant="ghost" size="sm" aria-label={`Edit ${macro.name}`} onClick={onEdit}>
            <Pencil aria-hidden />
            <span className="max-sm:sr-only">Edit</span>
          </Button>
          <DeleteMacroButton macro={macro} />
        </div>
      )}
    </li>
  );
}

/**
 * Settings > Macros: the organisation's saved replies. Admins create, edit and delete them;
 * agents see what is there. The plan's limit is shown, and at the limit the upgrade offer.
 */
export function MacrosCard({ canManage }: { canManage: boolean }) {
  const macros = useMacros();
  const [editing, setEditing] = useState<MacroJson | null>(null);
  const [open, setOpen] = useState(false);
  const list = macros.data?.macros ?? [];
  const plan = macros.data?.plan as Plan | undefined;
  const limit = macros.data ? (macros.data.limit ?? UNLIMITED) : UNLIMITED;
  const room = withinLimit(limit, list.length);

  function edit(macro: MacroJson | null) {
    setEditing(macro);
    setOpen(true);
  }

  return (
    <Card>
      <CardHeader className="flex flex-row items-start justify-between gap-4">
        <div className="grid gap-1.5">
          <CardTitle as="h2">Macros</CardTitle>
          <CardDescription>
            Saved replies your agents insert from the reply box or the command palette (Ctrl+K).
          </CardDescription>
        </div>
        {macros.data && (
          <Badge
            variant="outline"
            data-testid="macro-count"
            title={`${list.length} of ${limit === UNLIMITED ? "unlimited" : limit} macros used`}
          >
            {countAgainst(list.length, limit)}
          </Badge>
        )}
      </CardHeader>
      <CardContent className="grid gap-4">
        {macros.isPending ? (
          <p className="text-sm text-muted-foreground">Loading macros...</p>
        ) : macros.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Failed to load macros
          </p>
        ) : list.length === 0 ? (
          <p className="text-sm text-muted-foreground">No macros yet.</p>
        ) : (
          <ul className="grid gap-2" aria-label="Macros">
            {list.map((macro) => (
              <MacroRow key={macro.id} macro={macro} canManage={canManage} onEdit={() => edit(macro)} />
            ))}
          </ul>
        )}
        {canManage &&
          macros.data &&
          (room ? (
            <div>
              <Button onClick={() => edit(null)}>
                <Plus aria-hidden /> New Macro
              </Button>
            </div>
          ) : (
            <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-muted/50 p-4">
              <p className="text-sm">
                You&apos;ve reached your {plan ? PLANS[plan].name : ""} plan&apos;s limit of {limit} macros.
              </p>
              <UpgradeDialog label="Upgrade to Add More" variant="default" plan={plan} />
            </div>
          ))}
        {!canManage && <p className="text-sm text-muted-foreground">Contact your administrator to change macros.</p>}
      </CardContent>
      {canManage && <MacroDialog macro={editing} open={open} onOpenChange={setOpen} />}
    </Card>
  );
}
