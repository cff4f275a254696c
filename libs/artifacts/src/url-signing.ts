import { createHmac, timingSafeEqual } from 'node:crypto';

/** Capability for one stored object until `expiresAt` (epoch seconds): HMAC-SHA256 over key and expiry. */
export function signArtifact(secret: string, key: string, expiresAt: number): string {
  return createHmac('sha256', secret).update(`artifact\n${key}\n${expiresAt}`).digest('base64url');
}

export type SignatureVerdict = 'valid' | 'expired' | 'invalid';

export function verifyArtifactSignature(secret: string, key: string, expiresAt: number, signature: string, nowSeconds = Date.now() / 1000): SignatureVerdict {
  const expected = Buffer.from(signArtifact(secret, key, expiresAt));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  return expiresAt < nowSeconds ? 'expired' : 'valid';
}

/** Object keys travel as one URL segment. */
export const encodeArtifactToken = (key: string) => Buffer.from(key, 'utf8').toString('base64url');
export const decodeArtifactToken = (token: string) => Buffer.from(token, 'base64url').toString('utf8');
