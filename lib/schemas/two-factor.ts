import { z } from "./zod";

/**
 * Two-factor sign-in's inputs, shared by the forms and the route handlers. A code is what an
 * authenticator app shows (six digits) or one of the recovery codes (ten characters, shown in
 * two groups of five); spaces and dashes people type around them are ignored.
 */
export const MISSING_CODE = "Please enter the code from your authenticator app";
export const CODE_MAX = 32;

export const secondFactorCode = z
  .string({ error: MISSING_CODE })
  .trim()
  .min(1, MISSING_CODE)
  .max(CODE_MAX, "That code is too long")
  .regex(/^[0-9A-Za-z\s-]*$/, "A code has only letters, digits and dashes");

export const confirmTotpSchema = z.object({ code: secondFactorCode });

export const disableTotpSchema = z.object({
  password: z.string({ error: "Please enter your password" }).min(1, "Please enter your password").max(256),
  code: secondFactorCode,
});

export const twoFactorPolicySchema = z.object({
  requireTwoFactor: z.boolean({ error: "requireTwoFactor must be true or false" }),
});

export type TotpEnrolment = { secret: string; otpauthUrl: string };
export type RecoveryCodes = { recoveryCodes: string[] };
export type TwoFactorStatus = { enabled: boolean; pending: boolean; recoveryCodesLeft: number; required: boolean };
export type TwoFactorMember = { id: string; fullName: string; email: string; role: string; twoFactor: boolean };
export type TwoFactorPolicy = { requireTwoFactor: boolean; members: TwoFactorMember[] };
