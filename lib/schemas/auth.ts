import { z } from "./zod";
import { MIN_PASSWORD_LENGTH } from "@/lib/auth/password-policy";

/**
 * Account schemas, shared by the forms and the route handlers. Messages are the spec's
 * texts (§5) so a form and the server say the same thing.
 */
const MAX_PASSWORD = 256;
const trimmed = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters`);
export const emailField = z
  .string({ error: "Please enter your email address" })
  .trim()
  .toLowerCase()
  .min(1, "Please enter your email address")
  .max(254, "Email address is too long")
  .pipe(z.email("Please enter a valid email address"));

export const loginSchema = z.object({
  email: z.string({ error: "Please enter your email and password" }).trim().toLowerCase().min(1, "Please enter your email and password").max(254),
  password: z.string({ error: "Please enter your email and password" }).min(1, "Please enter your email and password").max(MAX_PASSWORD),
});

export const registerSchema = z.object({
  fullName: trimmed(100).min(1, "Please fill in all required fields"),
  email: z.string({ error: "Please fill in all required fields" }).trim().toLowerCase().min(1, "Please fill in all required fields").max(254).pipe(z.email("Please enter a valid email address")),
  companyName: trimmed(100).min(1, "Please fill in all required fields"),
  password: z
    .string({ error: "Please fill in all required fields" })
    .min(1, "Please fill in all required fields")
    .min(MIN_PASSWORD_LENGTH, "Password must be at least 8 characters")
    .max(MAX_PASSWORD),
});

export const forgotPasswordSchema = z.object({ email: emailField });

const tokenField = (missing: string) => z.string({ error: missing }).trim().min(1, missing).max(200, "Invalid token");

export const resetPasswordSchema = z.object({
  token: tokenField("Password reset token is missing"),
  newPassword: z.string({ error: "Password must be at least 8 characters" }).min(MIN_PASSWORD_LENGTH, "Password must be at least 8 characters").max(MAX_PASSWORD),
});

export const verifyInviteQuerySchema = z.object({ token: tokenField("No invitation token provided") });

export const acceptInviteSchema = z.object({
  token: tokenField("No invitation token provided"),
  fullName: trimmed(100).min(1, "Full name is required"),
  password: z.string({ error: "Password must be at least 8 characters" }).min(MIN_PASSWORD_LENGTH, "Password must be at least 8 characters").max(MAX_PASSWORD),
});

export const profileSchema = z.object({
  fullName: trimmed(100).min(1, "Full name is required"),
  email: emailField,
});

export const changePasswordSchema = z.object({
  currentPassword: z.string({ error: "Current password is required" }).min(1, "Current password is required").max(MAX_PASSWORD),
  newPassword: z.string({ error: "Password must be at least 8 characters long." }).min(MIN_PASSWORD_LENGTH, "Password must be at least 8 characters long.").max(MAX_PASSWORD),
});

export type LoginInput = z.infer<typeof loginSchema>;
export type RegisterInput = z.infer<typeof registerSchema>;
export type AcceptInviteInput = z.infer<typeof acceptInviteSchema>;
export type ProfileInput = z.infer<typeof profileSchema>;
