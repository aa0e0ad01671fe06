import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import { POST as signInOptions } from "@/app/api/login/passkey/options/route";
import { POST as passkeyOptions } from "@/app/api/users/passkeys/options/route";
import { POST as addPasskey } from "@/app/api/users/passkeys/route";
import { relyingParty } from "@/lib/services/users/passkey-challenges";
import { PASSWORD } from "./fixtures";
import { makeRequest, params, readJson } from "./request";

/**
 * A software authenticator for the tests: a key pair from node:crypto (Ed25519 by default, or
 * ES256 as most passkeys), and authenticator data, client data and attestation objects built byte
 * by byte as the WebAuthn spec lays them out. Its answers carry real signatures, which the
 * server's library verifies as a browser's.
 */

/** The little of CBOR (RFC 8949) the attestation object and a COSE key need. */
function cbor(value: unknown): Buffer {
  const head = (major: number, length: number) => {
    if (length < 24) return Buffer.from([(major << 5) | length]);
    if (length < 256) return Buffer.from([(major << 5) | 24, length]);
    const out = Buffer.alloc(3);
    out[0] = (major << 5) | 25;
    out.writeUInt16BE(length, 1);
    return out;
  };
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (value instanceof Map) {
    const parts = [...value].flatMap(([k, v]) => [cbor(k), cbor(v)]);
    return Buffer.concat([head(5, value.size), ...parts]);
  }
  throw new Error(`cbor: cannot encode ${typeof value}`);
}

const b64 = (bytes: Uint8Array | string) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

type Place = { origin?: string; rpID?: string; userVerified?: boolean };

export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  /** What the next answer counts (authenticators raise it per use); tests may set it back. */
  counter = 0;
  userHandle = "";

  constructor(readonly algorithm: "EdDSA" | "ES256" = "EdDSA") {
    const pair =
      algorithm === "ES256" ? generateKeyPairSync("ec", { namedCurve: "P-256" }) : generateKeyPairSync("ed25519");
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  get id() {
    return b64(this.credentialId);
  }

  /** The public key as COSE, as the server stores it. */
  coseKey(): Buffer {
    const jwk = this.publicKey.export({ format: "jwk" });
    if (this.algorithm === "EdDSA")
      return cbor(
        new Map<number, unknown>([
          [1, 1], // kty: OKP
          [3, -8], // alg: EdDSA
          [-1, 6], // crv: Ed25519
          [-2, Buffer.from(jwk.x!, "base64url")],
        ]),
      );
    return cbor(
      new Map<number, unknown>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, "base64url")],
        [-3, Buffer.from(jwk.y!, "base64url")],
      ]),
    );
  }

  private authData(flags: number, rpID: string, attested?: Buffer): Buffer {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    return Buffer.concat([sha256(rpID), Buffer.from([flags]), counter, ...(attested ? [attested] : [])]);
  }

  private clientData(type: string, challenge: string, origin: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** The answer to `navigator.credentials.create` for these options, attestation "none". */
  register(options: { challenge: string; user: { id: string } }, place: Place = {}) {
    const rp = relyingParty();
    this.userHandle = options.user.id;
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, this.coseKey()]);
    const flags = UP | AT | (place.userVerified === false ? 0 : UV);
    const authData = this.authData(flags, place.rpID ?? rp.rpID, attested);
    const attestationObject = cbor(
      new Map<string, unknown>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key" as const,
      response: {
        clientDataJSON: b64(this.clientData("webauthn.create", options.challenge, place.origin ?? rp.origin)),
        attestationObject: b64(attestationObject),
        transports: ["internal"],
      },
      clientExtensionResults: {},
    };
  }

  /** The answer to `navigator.credentials.get`: the counter raised, signed over authenticator data and the client data's hash. */
  assert(challenge: string, place: Place = {}) {
    const rp = relyingParty();
    this.counter += 1;
    const authData = this.authData(UP | (place.userVerified === false ? 0 : UV), place.rpID ?? rp.rpID);
    const clientDataJSON = this.clientData("webauthn.get", challenge, place.origin ?? rp.origin);
    const signed = Buffer.concat([authData, sha256(clientDataJSON)]);
    // ES256 signs a SHA-256 digest (DER-encoded signature); Ed25519 signs the bytes themselves.
    const signature = sign(this.algorithm === "ES256" ? "sha256" : null, signed, this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key" as const,
      response: {
        clientDataJSON: b64(clientDataJSON),
        authenticatorData: b64(authData),
        signature: b64(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
      clientExtensionResults: {},
    };
  }
}

/** The passkey challenge cookie a response set, as a Cookie header value. */
export function challengeCookieFrom(res: Response): string {
  const match = (res.headers.get("set-cookie") ?? "").match(/ticketry\.passkey-challenge=[^;]+/);
  if (!match) throw new Error("No passkey challenge cookie");
  return match[0];
}

/** Adds a passkey for the cookie's user as the profile does (password, then the authenticator's answer). */
export async function addPasskeyFor(
  cookie: string,
  authenticator = new SoftAuthenticator(),
  { name = "Laptop", code }: { name?: string; code?: string } = {},
) {
  const begun = await registrationOptions(cookie, { password: PASSWORD, code });
  if (begun.res.status !== 200) throw new Error(`options refused: ${JSON.stringify(begun.body)}`);
  const res = await addPasskey(
    makeRequest("/api/users/passkeys", {
      method: "POST",
      body: { name, answer: authenticator.register(begun.body as never) },
      headers: { cookie: `${cookie}; ${challengeCookieFrom(begun.res)}` },
    }),
    params(),
  );
  const added = await readJson(res);
  if (added.status !== 200) throw new Error(`passkey refused: ${JSON.stringify(added.body)}`);
  return { authenticator, passkey: added.body as { id: string; name: string } };
}

/** Asks for the options to create a passkey; answers the response (its challenge cookie) and its body. */
export async function registrationOptions(cookie: string, proof: Record<string, unknown>) {
  const res = await passkeyOptions(
    makeRequest("/api/users/passkeys/options", { method: "POST", body: proof, headers: { cookie } }),
    params(),
  );
  return { res, body: (await res.clone().json()) as Record<string, unknown> };
}

/** A sign-in challenge from `ip`: answers its challenge and the cookie that names it. */
export async function signInChallenge(ip: string) {
  const res = await signInOptions(
    makeRequest("/api/login/passkey/options", { method: "POST", headers: { "x-forwarded-for": ip } }),
    params(),
  );
  if (res.status !== 200) throw new Error(`sign-in options refused: ${res.status}`);
  const body = (await res.json()) as { challenge: string };
  return { challenge: body.challenge, cookie: challengeCookieFrom(res) };
}
