import "server-only";
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";
import { env } from "./env";

/**
 * Secrets Ticketry must use later (a mailbox password) are sealed with AES-256-GCM before they
 * reach the database: a leaked dump or backup does not hand out customers' mail accounts.
 * The key is MAIL_CREDENTIALS_KEY (any long random text; hashed to 32 bytes), else one derived
 * from the session secret with HKDF, so a deployment works without another variable. The
 * context (e.g. the support address's id) is bound in as associated data: a sealed value
 * copied onto another row does not open.
 */
const VERSION = "v1";

function key(): Buffer {
  const configured = process.env.MAIL_CREDENTIALS_KEY;
  if (configured) return createHash("sha256").update(configured).digest();
  return Buffer.from(hkdfSync("sha256", env.sessionSecret, "ticketry", "mail-credentials-v1", 32));
}

export function seal(plain: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url")}`;
}

/** Throws when the value was changed, sealed for another context or with another key. */
export function unseal(sealed: string, context: string): string {
  const [version, data] = sealed.split(".");
  if (version !== VERSION || !data) throw new Error("Unknown sealed value format");
  const raw = Buffer.from(data, "base64url");
  const decipher = createDecipheriv("aes-256-gcm", key(), raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
}
