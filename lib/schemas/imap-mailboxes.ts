import { z } from "./zod";

export const IMAP_SECURITY = ["tls", "starttls", "none"] as const;
export type ImapSecurityMode = (typeof IMAP_SECURITY)[number];
export const IMAP_SECURITY_LABELS: Record<ImapSecurityMode, string> = {
  tls: "TLS (port 993)",
  starttls: "STARTTLS (port 143)",
  none: "None (unencrypted)",
};

// Host names and IP literals only: no scheme, path, port or spaces (they would reach the resolver).
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$|^[0-9a-f:.]+$/;
// IMAP folder names: printable text, "/" or "." as the hierarchy separator; no control characters or quotes.
const FOLDER = /^[^\u0000-\u001f\u007f"\\*%]+$/;

/** Settings > Organization > a support address > Mailbox: where Ticketry reads its mail. */
export const imapSettingsSchema = z.object({
  host: z
    .string({ error: "Please enter the mail server" })
    .trim()
    .toLowerCase()
    .min(1, "Please enter the mail server")
    .max(253, "The mail server name is too long")
    .regex(HOST, "Please enter a host name such as imap.example.com"),
  port: z.coerce
    .number({ error: "Please enter a port" })
    .int("The port must be a whole number")
    .min(1, "The port must be between 1 and 65535")
    .max(65535, "The port must be between 1 and 65535"),
  security: z.enum(IMAP_SECURITY, { error: "Please choose TLS, STARTTLS or none" }),
  username: z
    .string({ error: "Please enter the username" })
    .trim()
    .min(1, "Please enter the username")
    .max(320, "The username is too long"),
  /** Empty keeps the stored password (it is never sent back to the browser to be re-submitted). */
  password: z.string({ error: "Please enter the password" }).max(1000, "The password is too long").optional(),
  folder: z
    .string({ error: "Please enter a folder" })
    .trim()
    .min(1, "Please enter a folder")
    .max(200, "The folder name is too long")
    .regex(FOLDER, "The folder name contains characters IMAP does not allow"),
});

/** A new mailbox needs a password; an edit may leave it empty to keep the saved one. */
export const PASSWORD_NEEDED = "Please enter the password";

export type ImapSettingsInput = z.infer<typeof imapSettingsSchema>;

/** What the API tells about a polled mailbox: the settings without the password, and how polling goes. */
export type ImapMailboxStatus = {
  host: string;
  port: number;
  security: string;
  username: string;
  folder: string;
  lastPolledAt: Date | null;
  lastError: string | null;
  nextPollAt: Date;
};
