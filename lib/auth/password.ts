import { hash, verify } from "@node-rs/argon2";

/**
 * argon2id with OWASP's recommended parameters (19 MiB, 2 passes, 1 lane).
 * @node-rs/argon2 defaults to argon2id; the variant is recorded in the PHC string.
 */
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
