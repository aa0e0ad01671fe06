import { route } from "@/lib/http/server/route";
import { imapSettingsSchema } from "@/lib/schemas/imap-mailboxes";
import { getImapSettings, removeImapSettings, saveImapSettings } from "@/lib/services/mail/imap-mailboxes";

// GET /api/support-emails/{id}/mailbox - the IMAP mailbox polled for an address, without its password (admins).
export const GET = route({ permission: "support_emails.mailbox" }, async ({ user, params }) => ({
  mailbox: await getImapSettings(user, params.id!),
}));

// PUT /api/support-emails/{id}/mailbox - save the IMAP settings; an empty password keeps the stored one (admins).
export const PUT = route({ permission: "support_emails.mailbox", body: imapSettingsSchema }, ({ user, params, body }) =>
  saveImapSettings(user, params.id!, body),
);

// DELETE /api/support-emails/{id}/mailbox - stop polling the address's mailbox and forget its password (admins).
export const DELETE = route({ permission: "support_emails.mailbox" }, async ({ user, params }) => {
  await removeImapSettings(user, params.id!);
  return { ok: true };
});
