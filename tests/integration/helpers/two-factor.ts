import { POST as beginTotp } from "@/app/api/users/two-factor/totp/route";
import { POST as confirmTotp } from "@/app/api/users/two-factor/totp/confirm/route";
import { timeStep, totpAt, totpSecretBytes } from "@/lib/auth/totp";
import { makeRequest, params, readJson } from "./request";

/** The authenticator app's code for `secret` now, or `steps` steps away (a later code, a clock off). */
export const codeFor = (secret: string, steps = 0) => totpAt(totpSecretBytes(secret), timeStep(Date.now()) + steps);

/** Turns two-factor on for the cookie's user as the profile does: answers the secret and the recovery codes. */
export async function enrolTotp(cookie: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const begun = await readJson(
    await beginTotp(makeRequest("/api/users/two-factor/totp", { method: "POST", headers: { cookie } }), params()),
  );
  if (begun.status !== 200) throw new Error(`enrolment refused: ${JSON.stringify(begun.body)}`);
  const secret = begun.body.secret as string;
  const confirmed = await readJson(
    await confirmTotp(
      makeRequest("/api/users/two-factor/totp/confirm", {
        method: "POST",
        body: { code: codeFor(secret) },
        headers: { cookie },
      }),
      params(),
    ),
  );
  if (confirmed.status !== 200) throw new Error(`confirmation refused: ${JSON.stringify(confirmed.body)}`);
  return { secret, recoveryCodes: confirmed.body.recoveryCodes as string[] };
}
