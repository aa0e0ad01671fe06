import { z } from "./zod";
import { CODE_MAX, secondFactorCode } from "./two-factor";

/**
 * Passkeys' inputs, shared by the profile, the sign-in page and the route handlers. A browser's
 * WebAuthn answer is read as the JSON @simplewebauthn/browser makes of it: base64url fields of
 * bounded length, so garbage is a 400 before any of it is decoded.
 */
const MAX_FIELD = 16_384;
const base64url = (what: string) =>
  z
    .string({ error: `${what} is missing` })
    .min(1, `${what} is missing`)
    .max(MAX_FIELD, `${what} is too long`)
    .regex(/^[A-Za-z0-9_-]+$/, `${what} is not base64url`);

const credentialId = base64url("The passkey's id").max(1024, "The passkey's id is too long");

const answerShape = {
  id: credentialId,
  rawId: credentialId,
  type: z.literal("public-key", { error: "A passkey's answer has type public-key" }),
  clientExtensionResults: z.object({}).optional().default({}),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
};

export const registrationAnswerSchema = z.object({
  ...answerShape,
  response: z.object({
    clientDataJSON: base64url("clientDataJSON"),
    attestationObject: base64url("attestationObject"),
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
});

export const authenticationAnswerSchema = z.object({
  ...answerShape,
  response: z.object({
    clientDataJSON: base64url("clientDataJSON"),
    authenticatorData: base64url("authenticatorData"),
    signature: base64url("signature"),
    userHandle: base64url("userHandle").optional(),
  }),
});

const MISSING_NAME = "Please give the passkey a name";
export const PASSKEY_NAME_MAX = 60;
const passkeyName = z
  .string({ error: MISSING_NAME })
  .trim()
  .min(1, MISSING_NAME)
  .max(PASSKEY_NAME_MAX, `A passkey's name has at most ${PASSKEY_NAME_MAX} characters`);

/** Adding a passkey adds a way in: the password again, and the authenticator's code when two-factor is on. */
export const passkeyProofSchema = z.object({
  password: z.string({ error: "Please enter your password" }).min(1, "Please enter your password").max(256),
  code: secondFactorCode.optional(),
});

export const addPasskeySchema = z.object({ name: passkeyName, answer: registrationAnswerSchema });
/** The profile's "Add a passkey" form: the name and the proof together (the code left empty when there is no app). */
export const addPasskeyFormSchema = passkeyProofSchema.extend({
  name: passkeyName,
  code: z.string().max(CODE_MAX, "That code is too long"),
});
export const renamePasskeySchema = z.object({ name: passkeyName });
export const passkeySignInSchema = z.object({ answer: authenticationAnswerSchema });

export type RegistrationAnswer = z.infer<typeof registrationAnswerSchema>;
export type AuthenticationAnswer = z.infer<typeof authenticationAnswerSchema>;
export type PasskeyJson = { id: string; name: string; createdAt: string; lastUsedAt: string | null; synced: boolean };
