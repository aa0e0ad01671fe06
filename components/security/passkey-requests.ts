"use client";

import {
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";
import { apiRequest } from "@/lib/http/client/api";
import type { AuthenticationAnswer, PasskeyJson } from "@/lib/schemas/passkeys";

/** What people see when the browser's passkey prompt did not end with a passkey (closed, timed out, none there). */
export const PASSKEY_PROMPT_FAILED =
  "The passkey prompt was closed or timed out, or this device has no passkey for this account.";

/** The browser's own errors name the API, not what happened to the person: one plain sentence instead. */
async function prompt<T>(ask: () => Promise<T>): Promise<T> {
  try {
    return await ask();
  } catch {
    throw new Error(PASSKEY_PROMPT_FAILED);
  }
}

/** Adds a passkey: fresh proof, the browser creates the credential, the server keeps it under `name`. */
export async function createPasskey(proof: { password: string; code?: string }, name: string): Promise<PasskeyJson> {
  const options = (await (
    await apiRequest("POST", "/api/users/passkeys/options", proof)
  ).json()) as PublicKeyCredentialCreationOptionsJSON;
  const answer = await prompt(() => startRegistration({ optionsJSON: options }));
  return (await (await apiRequest("POST", "/api/users/passkeys", { name, answer })).json()) as PasskeyJson;
}

/** The browser's answer to a fresh sign-in challenge (its cookie set for the call that sends the answer). */
export async function passkeyAnswer(): Promise<AuthenticationAnswer> {
  const options = (await (
    await apiRequest("POST", "/api/login/passkey/options")
  ).json()) as PublicKeyCredentialRequestOptionsJSON;
  return (await prompt(() => startAuthentication({ optionsJSON: options }))) as AuthenticationAnswer;
}
