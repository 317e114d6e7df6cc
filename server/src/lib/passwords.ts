import { hash, verify } from '@node-rs/argon2';
import { loadOnce } from './load-once.js';

/** argon2id with the library's defaults (19 MiB, 2 passes): OWASP's recommended minimum. */
export const hashPassword = (password: string) => hash(password);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Verifying against this costs as much as a real hash, so unknown usernames take as long as known ones. */
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string) {
  dummyHash ??= hash('not-a-real-password');
  await verifyPassword(await dummyHash, password);
}

/**
 * The 49,000 common passwords: 4 MB of heap (the package's lists and this set) that only
 * setting a password needs, so loaded by the first call that does.
 */
const commonPasswords = loadOnce(async () => {
  const { dictionary } = await import('@zxcvbn-ts/language-common');
  return new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
});

/**
 * The server's password policy, after Django's validators: the forms' 4-character
 * rule is the product's (docs/product.md, Validation), the server asks more
 * (docs/decisions.md). Each failure is a sentence the user reads.
 */
export async function passwordPolicyErrors(
  password: string,
  context: { username?: string; email?: string; minLength: number },
): Promise<string[]> {
  const errors: string[] = [];
  if (password.length < context.minLength) {
    errors.push(`This password is too short. It must contain at least ${context.minLength} characters.`);
  }
  if (password.length > 128)
    errors.push('This password is too long. It must contain at most 128 characters.');
  if ((await commonPasswords()).has(password.toLowerCase().trim()))
    errors.push('This password is too common.');
  if (/^\d+$/.test(password)) errors.push('This password is entirely numeric.');
  const lowered = password.toLowerCase();
  for (const [label, value] of [
    ['username', context.username],
    ['email address', context.email?.split('@')[0]],
  ] as const) {
    const attribute = value?.toLowerCase();
    if (attribute && attribute.length >= 3 && (lowered.includes(attribute) || attribute.includes(lowered))) {
      errors.push(`The password is too similar to the ${label}.`);
      break;
    }
  }
  return errors;
}
