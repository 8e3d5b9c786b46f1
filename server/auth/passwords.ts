// Password hashing: argon2id with OWASP's minimum (m=19 MiB, t=2, p=1; reliability.md A2). No truncation.
import { hash, verify } from "@node-rs/argon2";

const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

// Verifying against this when the account does not exist keeps the answer time the same either way.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword("not-a-real-password-0");
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}

/** A few passwords agents must not choose (ASVS 5 V6.2.4 asks for a list of the most common ones). */
const COMMON = new Set([
  "password", "password1", "12345678", "123456789", "1234567890", "qwertyui", "qwerty123", "iloveyou",
  "11111111", "00000000", "abcd1234", "password123", "letmein1", "welcome1", "admin123", "changeme",
  "demo-password", "sunshine", "football", "baseball", "trustno1", "passw0rd", "12341234", "87654321",
]);

export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}
