"use client";

import { ArrowDown, ArrowUp, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { PlanGatedTab } from "@/components/settings/plan-gated-tab";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { toastError } from "@/components/ui/toast-error";
import type { Plan } from "@/generated/prisma/enums";
import { CUSTOM_FIELD_TYPE_LABELS } from "@/lib/schemas/fields-custom";
import { FieldDialog } from "./field-dialog";
import { useCustomFields, useDeleteField, useMoveField, type CustomFieldJson } from "./queries";

// Custom fields are team configuration like rules and SLA policies: Pro and Enterprise (lib/services/fields/definitions.ts).
const FIELDS_GATE = {
  has: (plan: Plan) => plan === "pro" || plan === "enterprise",
  title: "Fields",
  description:
    "Custom fields keep your own information on every ticket, such as an order number, the customer's plan or whether a refund was approved, and let you filter the list by it.",
  feature: "Custom fields are",
  upgradeLabel: "Upgrade for custom fields",
};

function DeleteFieldButton({ field }: { field: CustomFieldJson }) {
  const remove = useDeleteField(field.id, {
    onError: (error) => toastError("Could not delete the field", error, "Please try again later"),
  });
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="sm" aria-label={`Delete ${field.label}`} disabled={remove.isPending}>
          <Trash2 aria-hidden />
          <span className="max-sm:sr-only">Delete</span>
        </Button>
      }
      title="Delete field?"
      description={`"${field.label}" will be deleted and its values leave every ticket that holds one. The tickets' history still tells the changes made to it.`}
      confirm="Delete field"
      onConfirm={() => remove.mutate()}
    />
  );
}

function FieldRow({
  field,
  index,
  count,
  onEdit,
  onMove,
  moving,
}: {
  field: CustomFieldJson;
  index: number;
  count: number;
  onEdit: () => void;
  onMove: (position: number) => void;
  moving: boolean;
}) {
  return (
    <li className="grid gap-2 rounded-lg border p-3 sm:grid-cols-[1fr_auto] sm:items-start" data-field={field.key}>
      <div className="grid min-w-0 gap-1">
        <span className="font-medium break-words">{field.label}</span>
        <p className="text-sm break-words text-muted-foreground">
          <code className="font-mono">{field.key}</code> · {CUSTOM_FIELD_TYPE_LABELS[field.type]}
          {field.options.length > 0 && `: ${field.options.join(", ")}`}
        </p>
        {(field.required || field.customerVisible) && (
          <div className="flex flex-wrap gap-1">
            {field.required && <Badge variant="secondary">Required to resolve</Badge>}
            {field.customerVisible && (
              <Badge variant="outline">
                {field.customerEditable ? "Customers fill it in" : "Visible to customers"}
              </Badge>
            )}
          </div>
        )}
      </div>
      <div className="flex flex-wrap gap-1 sm:justify-end">
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Move ${field.label} up`}
          disabled={index === 0 || moving}
          onClick={() => onMove(index - 1)}
        >
          <ArrowUp aria-hidden />
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Move ${field.label} down`}
          disabled={index === count - 1 || moving}
          onClick={() => onMove(index + 1)}
        >
          <ArrowDown aria-hidden />
        </Button>
        <Button variant="ghost" size="sm" aria-label={`Edit ${field.label}`} onClick={onEdit}>
          <Pencil aria-hidden />
          <span className="max-sm:sr-only">Edit</span>
        </Button>
        <DeleteFieldButton field={field} />
      </div>
    </li>
  );
}

/** Settings > Fields (admins): the organisation's custom fields, in the order tickets show them. */
function FieldsCard() {
  const fields = useCustomFields();
  const move = useMoveField({
    onError: (error) => toastError("Could not move the field", error, "Please try again later"),
  });
  const [editing, setEditing] = useState<CustomFieldJson | null>(null);
  const [open, setOpen] = useState(false);
  const list = fields.data?.fields ?? [];
  const full = fields.data !== undefined && list.length >= fields.data.limit;

  function edit(field: CustomFieldJson | null) {
    setEditing(field);
    setOpen(true);
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Fields</CardTitle>
        <CardDescription>
          Information your team keeps on every ticket, in this order on the ticket. Filter the list by one with{" "}
          <code className="font-mono">field.key=value</code>.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {fields.isPending ? (
          <p className="text-sm text-muted-foreground">Loading fields...</p>
        ) : fields.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Failed to load fields
          </p>
        ) : list.length === 0 ? (
          <p className="text-sm text-muted-foreground">No fields yet.</p>
        ) : (
          <ul className="grid gap-2" aria-label="Fields">
            {list.map((field, index) => (
              <FieldRow
                key={field.id}
                field={field}
                index={index}
                count={list.length}
                moving={move.isPending}
                onEdit={() => edit(field)}
                onMove={(position) => move.mutate({ id: field.id, position })}
              />
            ))}
          </ul>
        )}
        <div className="flex flex-wrap items-center gap-3">
          <Button onClick={() => edit(null)} disabled={full}>
            <Plus aria-hidden /> New Field
          </Button>
          {full && <p className="text-sm text-muted-foreground">At most {fields.data?.limit} fields.</p>}
        </div>
      </CardContent>
      <FieldDialog field={editing} open={open} onOpenChange={setOpen} />
    </Card>
  );
}

/** Settings > Fields: the fields, or on a lower plan what they are for and the upgrade. */
export function FieldsTab() {
  return (
    <PlanGatedTab gate={FIELDS_GATE}>
      <FieldsCard />
    </PlanGatedTab>
  );
}
