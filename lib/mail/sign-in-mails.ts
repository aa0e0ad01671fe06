import { PRODUCT_NAME } from "@/lib/site/product";
import type { MailMessage } from "./transport";

/** A sign-in from a device and address not seen before for this account. */
export function newDeviceSignInMail(
  to: string,
  sign: { device: string; address: string; at: Date },
  sessionsLink: string,
): MailMessage {
  return {
    to,
    subject: `New sign-in to your ${PRODUCT_NAME} account`,
    text: `Your ${PRODUCT_NAME} account was signed in to from a new device.\n\nDevice: ${sign.device}\nAddress: ${sign.address}\nTime: ${sign.at.toUTCString()}\n\nIf this was you, there is nothing to do. If it wasn't, end that session and change your password here:\n${sessionsLink}`,
  };
}
