// Password hashing, below the modules: the accounts module and the demo data's seed both use it
// (docs/architecture.md#layers).
import { hash, verify } from '@node-rs/argon2';

/** argon2id, OWASP parameters: 19 MiB memory, 2 passes, 1 lane (docs/quality.md#security). */
const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** A hash to verify against when the account does not exist, so both failures take the same time. */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password-0000');
  return dummyHash;
}
