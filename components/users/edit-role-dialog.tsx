"use client";

import { useState } from "react";
import { Field } from "@/components/ui/field";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { DialogActions } from "@/components/ui/dialog-actions";
import { DialogHeading } from "@/components/ui/dialog-shell";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { EDIT_ROLE_LABELS } from "@/lib/permissions/labels";
import { EDITABLE_ROLES, isEditableRole, type EditableRole } from "@/lib/permissions/rules";
import type { UserJson } from "./queries";
import { useUpdateUser } from "./use-update-user";

const asEditable = (role: string): EditableRole => (isEditableRole(role) ? role : "end_user");

/** The Edit Role dialog; roles the signed-in admin may not give are disabled (only a platform admin may give Platform Admin; the server agrees). */
export function EditRoleDialog({
  user,
  mayGrant,
  onClose,
}: {
  user: UserJson | null;
  mayGrant: (role: EditableRole) => boolean;
  onClose: () => void;
}) {
  return (
    <Dialog open={!!user} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        {user && <EditRoleForm key={user.id} user={user} mayGrant={mayGrant} onClose={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function EditRoleForm({
  user,
  mayGrant,
  onClose,
}: {
  user: UserJson;
  mayGrant: (role: EditableRole) => boolean;
  onClose: () => void;
}) {
  const [role, setRole] = useState<EditableRole>(asEditable(user.role));
  const { update, pending } = useUpdateUser();

  async function save(event: React.FormEvent) {
    event.preventDefault();
    if (await update({ id: user.id, role })) onClose();
  }

  return (
    <form onSubmit={save} className="grid gap-4">
      <DialogHeading
        title="Edit Role"
        description={`Change the role of ${user.fullName} (${user.email}). They will be signed out and sign in again with the new role.`}
      />
      <Field id="edit-role" label="Role">
        <Select value={role} onValueChange={(value) => setRole(value as EditableRole)}>
          <SelectTrigger id="edit-role">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {EDITABLE_ROLES.map((value) => (
              <SelectItem key={value} value={value} disabled={!mayGrant(value)}>
                {EDIT_ROLE_LABELS[value]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </Field>
      <DialogActions label="Save Changes" pendingLabel="Saving..." pending={pending} />
    </form>
  );
}
