import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a receipt binds: one render (its artifact key = the normalized request), one key, one expiry. */
export interface ReceiptClaims {
  /** render id */
  rid: string;
  /** API key id of the caller */
  kid: string;
  /** artifact key (hash of renderer version, course revision and the canonical normalized request) */
  ak: string;
  /** overlays the receipt authorizes */
  ov: string[];
  /** expiry, epoch seconds */
  exp: number;
}

export type ReceiptVerdict = { ok: true; claims: ReceiptClaims } | { ok: false; reason: 'malformed' | 'signature' | 'expired' };

const mac = (secret: string, payload: string) => createHmac('sha256', secret).update(`receipt\n${payload}`).digest('base64url');

/** A short-lived signed capability: base64url(JSON claims) "." HMAC. */
export function signReceipt(secret: string, claims: ReceiptClaims): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${mac(secret, payload)}`;
}

export function verifyReceipt(secret: string, receipt: string, nowSeconds = Date.now() / 1000): ReceiptVerdict {
  const [payload, signature, extra] = receipt.split('.');
  if (!payload || !signature || extra !== undefined) return { ok: false, reason: 'malformed' };
  const expected = Buffer.from(mac(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'signature' };
  let claims: ReceiptClaims;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as ReceiptClaims;
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (typeof claims.exp !== 'number' || claims.exp < nowSeconds) return { ok: false, reason: 'expired' };
  return { ok: true, claims };
}
