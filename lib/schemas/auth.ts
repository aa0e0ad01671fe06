import { requiredEmail, singleLine } from "./fields";
import { authenticationAnswerSchema } from "./passkeys";
import { secondFactorCode } from "./two-factor";
import { z } from "./zod";
import { MIN_PASSWORD_LENGTH } from "@/lib/auth/password-policy";

/**
 * Account schemas, shared by the forms and the route handlers. Messages are the product's
 * own texts, so a form and the server say the same thing.
 */
const MAX_PASSWORD = 256;
export const MISSING_EMAIL = "Please enter your email address";
export const PASSWORD_TOO_SHORT = "Password must be at least 8 characters";
const trimmed = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters`);
/** A name that may reach an email subject or a log line. */
const nameField = (max: number) => singleLine(trimmed(max));
export const emailField = requiredEmail(MISSING_EMAIL);

export const MISSING_LOGIN = "Please enter your email and password";

export const loginSchema = z.object({
  email: z.string({ error: MISSING_LOGIN }).trim().toLowerCase().min(1, MISSING_LOGIN).max(254),
  password: z.string({ error: MISSING_LOGIN }).min(1, MISSING_LOGIN).max(MAX_PASSWORD),
  /** The second factor's code (authenticator or recovery), once the first answer asked for it. */
  code: secondFactorCode.optional(),
  /** Or a passkey's answer to the sign-in challenge, instead of the code. */
  passkey: authenticationAnswerSchema.optional(),
});

export const MISSING_REGISTRATION = "Please fill in all required fields";

export const registerSchema = z.object({
  fullName: nameField(100).min(1, MISSING_REGISTRATION),
  email: z
    .string({ error: MISSING_REGISTRATION })
    .trim()
    .toLowerCase()
    .min(1, MISSING_REGISTRATION)
    .max(254)
    .pipe(z.email("Please enter a valid email address")),
  companyName: nameField(100).min(1, MISSING_REGISTRATION),
  password: z
    .string({ error: MISSING_REGISTRATION })
    .min(1, MISSING_REGISTRATION)
    .min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT)
    .max(MAX_PASSWORD),
});

export const forgotPasswordSchema = z.object({ email: emailField });

const tokenField = (missing: string) => z.string({ error: missing }).trim().min(1, missing).max(200, "Invalid token");

export const resetPasswordSchema = z.object({
  token: tokenField("Password reset token is missing"),
  newPassword: z.string({ error: PASSWORD_TOO_SHORT }).min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT).max(MAX_PASSWORD),
});

export const RESET_PASSWORDS_DIFFER = "Please make sure both passwords are the same.";

/** The reset form also asks for the new password twice; the two must match. */
export const resetPasswordFormSchema = resetPasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, { error: RESET_PASSWORDS_DIFFER, path: ["confirmPassword"] });

export const verifyInviteQuerySchema = z.object({ token: tokenField("No invitation token provided") });

export const acceptInviteSchema = z.object({
  token: tokenField("No invitation token provided"),
  fullName: nameField(100).min(1, "Full name is required"),
  password: z.string({ error: PASSWORD_TOO_SHORT }).min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT).max(MAX_PASSWORD),
});

/** The accept-invite form also asks for the password twice; the two must match. */
export const acceptInviteFormSchema = acceptInviteSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { error: "Passwords do not match", path: ["confirmPassword"] });

export const profileSchema = z.object({
  fullName: nameField(100).min(1, "Full name is required"),
  email: emailField,
  /** Needed only to move the account to another address. */
  currentPassword: z.string().max(MAX_PASSWORD).optional(),
});

export const confirmEmailChangeSchema = z.object({ token: tokenField("Email confirmation token is missing") });

export const NEW_PASSWORD_TOO_SHORT = "Password must be at least 8 characters long.";
export const NEW_PASSWORDS_DIFFER = "New password and confirmation do not match.";

export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: "Current password is required" })
    .min(1, "Current password is required")
    .max(MAX_PASSWORD),
  newPassword: z
    .string({ error: NEW_PASSWORD_TOO_SHORT })
    .min(MIN_PASSWORD_LENGTH, NEW_PASSWORD_TOO_SHORT)
    .max(MAX_PASSWORD),
});

/** The change-password form also asks for the new password twice; the two must match. */
export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, { error: NEW_PASSWORDS_DIFFER, path: ["confirmPassword"] });

export type LoginInput = z.infer<typeof loginSchema>;
export type RegisterInput = z.infer<typeof registerSchema>;
export type AcceptInviteInput = z.infer<typeof acceptInviteSchema>;
export type ProfileInput = z.infer<typeof profileSchema>;
