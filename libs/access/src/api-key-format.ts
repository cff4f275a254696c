import { createHash, randomBytes } from 'node:crypto';

export const KEY_KINDS = ['live', 'test', 'pk_live', 'pk_test'] as const;
export type KeyKind = (typeof KEY_KINDS)[number];

export const isPublishable = (kind: KeyKind) => kind === 'pk_live' || kind === 'pk_test';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 43 base62 characters carry a little over 256 bits. */
const SECRET_LENGTH = 43;

export interface ParsedKey {
  operator: string;
  kind: KeyKind;
}

export function keyPrefix(operator: string, kind: KeyKind): string {
  return `${operator}_${kind}_`;
}

/** A new high-entropy key; uniform base62 by rejection sampling (no modulo bias). */
export function generateKey(operator: string, kind: KeyKind): string {
  let secret = '';
  while (secret.length < SECRET_LENGTH) {
    for (const byte of randomBytes(64)) {
      if (byte < 248 && secret.length < SECRET_LENGTH) secret += BASE62[byte % 62];
    }
  }
  return keyPrefix(operator, kind) + secret;
}

const KEY_PATTERN = /^([a-z][a-z0-9]{1,30})_(live|test|pk_live|pk_test)_([0-9A-Za-z]{43})$/;

/** Shape check only; whether the key exists is the registry's question. */
export function parseKey(candidate: string): ParsedKey | null {
  const match = KEY_PATTERN.exec(candidate);
  return match ? { operator: match[1], kind: match[2] as KeyKind } : null;
}

/** Keys are high-entropy, so a fast unsalted hash is enough and allows an indexed lookup. */
export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export function keyHint(key: string): string {
  const parsed = parseKey(key);
  const prefix = parsed ? keyPrefix(parsed.operator, parsed.kind) : '';
  return `${prefix}…${key.slice(-4)}`;
}

/** Does a string look like any key of this operator (used to refuse credentials in URLs)? */
export function looksLikeKey(value: string, operator: string): boolean {
  let prefixes = keyPrefixes.get(operator);
  if (!prefixes) keyPrefixes.set(operator, (prefixes = KEY_KINDS.map((kind) => keyPrefix(operator, kind))));
  for (const prefix of prefixes) if (value.includes(prefix)) return true;
  return false;
}

/** the key prefixes of each operator looksLikeKey was asked about (it runs on every query value of every request) */
const keyPrefixes = new Map<string, string[]>();
