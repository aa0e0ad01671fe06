import { route } from "@/lib/http/server/route";
import { renamePasskeySchema } from "@/lib/schemas/passkeys";
import { removePasskey, renamePasskey } from "@/lib/services/users/passkeys";

// PATCH /api/users/passkeys/{id} { name } - rename one of the user's passkeys.
export const PATCH = route({ body: renamePasskeySchema }, ({ user, params, body }) =>
  renamePasskey(user, params.id!, body.name),
);

// DELETE /api/users/passkeys/{id} - remove one of the user's passkeys.
export const DELETE = route({}, async ({ user, params }) => {
  await removePasskey(user, params.id!);
  return { message: "Passkey removed" };
});
