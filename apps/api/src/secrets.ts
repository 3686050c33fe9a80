import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { OTP_LENGTH } from '@facet/contracts/constants';

// Secrets: argon2id passwords; tokens and codes from the CSPRNG, stored only as hashes.

/** OWASP's argon2id minimum (19 MiB, 2 passes). */
const ARGON = {
  algorithm: 2 /* Algorithm.Argon2id (a const enum) */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * NFKC first, so a passphrase typed with a composed "é" on one keyboard and a decomposed one on
 * another is the same password (NIST 800-63B). ASCII is unchanged by it, so older hashes still match.
 */
const normal = (password: string) => password.normalize('NFKC');
export const hashPassword = (password: string) => hash(normal(password), ARGON);
export const verifyPassword = async (stored: string, password: string) => {
  try {
    return await verify(stored, normal(password));
  } catch {
    return false;
  }
};
/** Verified against when the e-mail is unknown, so a miss costs the same time as a wrong password. */
let dummy: Promise<string> | undefined;
export const dummyHash = () => (dummy ??= hashPassword(randomBytes(16).toString('hex')));

/** 256 bits, URL-safe: session, verify-only and reset tokens. */
export const newToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** A number people read aloud and type (FCT-…, RMA-…, SVC-…): eight Crockford base-32 characters, no I, L, O or U. */
export const newReference = (prefix: string) =>
  `${prefix}-${Array.from({ length: 8 }, () => CROCKFORD[randomInt(32)]).join('')}`;

/** A staff recovery code: ten Crockford base-32 characters (50 bits), shown as XXXXX-XXXXX. */
export const newRecoveryCode = () => {
  const c = Array.from({ length: 10 }, () => CROCKFORD[randomInt(32)]).join('');
  return `${c.slice(0, 5)}-${c.slice(5)}`;
};
export const newCode = () => String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
/**
 * A six-digit code has a million values: a plain hash of it is undone in a blink by anyone holding
 * the table (a backup, a copy of the database). It is keyed by a secret kept outside the database,
 * and by the user id, so equal codes hash differently.
 */
export const hashCode = (key: Buffer, userId: number, code: string) =>
  createHmac('sha256', key).update(`${userId}:${code}`).digest('hex');

const secrets = new Map<string, Buffer>();
/**
 * The server's own secret, never in the database (so never in its backups): SECRET_KEY when set —
 * every instance of a store on several machines needs the same one — else a random key made once
 * and kept in DATA_DIR/secret.key, readable by its owner only.
 */
export function serverSecret(config: { SECRET_KEY?: string; DATA_DIR: string }): Buffer {
  if (config.SECRET_KEY) return Buffer.from(config.SECRET_KEY, 'utf8');
  const file = path.join(config.DATA_DIR, 'secret.key');
  let key = secrets.get(file);
  if (key) return key;
  fs.mkdirSync(config.DATA_DIR, { recursive: true });
  try {
    fs.writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'utf8');
  secrets.set(file, key);
  return key;
}
const SEALED = 'v1:';
/** A key for one purpose, from the server's secret (so a key leaked for one use opens nothing else). */
export const purposeKey = (secret: Buffer, purpose: string) =>
  createHash('sha256').update(`facet ${purpose}\0`).update(secret).digest();
/**
 * A secret the store must read back (a staff member's authenticator secret), sealed with AES-256-GCM
 * under a key from the server's secret: a copy of the database or a backup holds only this.
 */
export function sealText(key: Buffer, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return SEALED + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}
export const isSealed = (stored: string) => stored.startsWith(SEALED);
/** The text `sealText` sealed; throws when it was sealed under another key or altered. */
export function openText(key: Buffer, sealed: string): string {
  const raw = Buffer.from(sealed.slice(SEALED.length), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

/** The server's secret if it has one already (SECRET_KEY, or DATA_DIR/secret.key); never makes one. */
export function existingServerSecret(config: { SECRET_KEY?: string; DATA_DIR: string }): Buffer | null {
  if (config.SECRET_KEY) return Buffer.from(config.SECRET_KEY, 'utf8');
  return fs.existsSync(path.join(config.DATA_DIR, 'secret.key')) ? serverSecret(config) : null;
}

export const sameHash = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

const common = new Set(dictionary['passwords-common'] as string[]);
/**
 * On the common-passwords list, as typed or once the digits and symbols people pad with are
 * stripped from its ends ("Password123!" is "password").
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (common.has(lower)) return true;
  const core = lower.replace(/^[\d@$!%*?&]+|[\d@$!%*?&]+$/g, '');
  return core.length < 4 || common.has(core) || common.has(core.replace(/[@$!%*?&]/g, ''));
}
