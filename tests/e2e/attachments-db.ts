import { execFileSync } from "node:child_process";
import path from "node:path";

/**
 * A ticket of the organisation with this slug from `customerEmail` with files on its first message (a PDF and a
 * text file) and on the customer's reply (a web page named .txt), stored through the attachment
 * service in a child process with the server's module conditions (the service is server-only).
 */
export function seedTicketWithAttachments(
  slug: string,
  customerEmail: string,
  subject: string,
): { id: string; ticketNumber: number } {
  const out = execFileSync(
    process.execPath,
    [
      "--conditions=react-server",
      "--import",
      "tsx",
      path.join(__dirname, "seed-attachments.ts"),
      slug,
      customerEmail,
      subject,
    ],
    { encoding: "utf8", env: process.env, stdio: ["ignore", "pipe", "inherit"] },
  );
  return JSON.parse(out) as { id: string; ticketNumber: number };
}
