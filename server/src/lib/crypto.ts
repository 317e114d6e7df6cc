import {
  createCipheriv,
  createDecipheriv,
  createHash,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { MAX_ID } from '@geows/contract';
import type { Db } from '../db/client.js';
import { storeOnceAndRead } from './server-secrets.repository.js';

/** 256 random bits, URL-safe: API tokens, e-mailed link tokens, ephemeral login tokens. */
export const randomToken = () => randomBytes(32).toString('base64url');

/** Six digits for e-mailed second-factor codes. */
export const randomDigits = (length = 6) => Array.from({ length }, () => randomInt(0, 10)).join('');

/** Tokens carry 256 bits of entropy, so a fast hash is enough to make a leaked table useless. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Django's `urlsafe_base64_encode(force_bytes(pk))`: the uid in e-mailed links. */
export const encodeUid = (id: number) => Buffer.from(String(id)).toString('base64url');
export function decodeUid(uid: string): number | null {
  const text = Buffer.from(uid, 'base64url').toString('utf8');
  const id = /^[1-9]\d{0,9}$/.test(text) ? Number(text) : null;
  return id !== null && id <= MAX_ID ? id : null;
}

/** AES-256-GCM with a key derived from the server secret: for secrets stored at rest. */
export function createSecretBox(secret: string) {
  const key = createHash('sha256').update(`geows:secret-box:${secret}`).digest();
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [
        'v1',
        iv.toString('base64url'),
        cipher.getAuthTag().toString('base64url'),
        data.toString('base64url'),
      ].join('.');
    },
    open(sealed: string): string {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || !data) throw new Error('Unknown sealed format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}
export type SecretBox = ReturnType<typeof createSecretBox>;

/**
 * The key for secrets at rest: SECRET_KEY when set; with PostgreSQL, one generated
 * once and kept in the database (so every process shares it); with the embedded
 * database, one generated once into DATA_DIR (readable by its owner only).
 */
export async function resolveSecretKey(
  secretKey: string | undefined,
  dataDir: string,
  database: { kind: 'pglite' | 'postgres'; db: Db },
): Promise<string> {
  if (secretKey) return secretKey;
  if (database.kind === 'postgres') {
    return storeOnceAndRead(database.db, 'secret-box', randomBytes(48).toString('base64url'));
  }
  return loadKeyFile(dataDir);
}

function loadKeyFile(dataDir: string): string {
  const file = path.join(dataDir, 'secret.key');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const key = randomBytes(48).toString('base64url');
    fs.writeFileSync(file, key, { mode: 0o600, flag: 'wx' });
    return key;
  }
}
