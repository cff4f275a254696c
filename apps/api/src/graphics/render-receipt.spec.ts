import { signReceipt, verifyReceipt, type ReceiptClaims } from './render-receipt';

describe('render receipts', () => {
  const secret = 'k'.repeat(40);
  const claims: ReceiptClaims = { rid: 'rnd_abc', kid: 'key_1', ak: 'sha256:' + 'a'.repeat(64), ov: ['flag'], exp: 2000 };

  it('verifies its own receipt and returns the claims', () => {
    expect(verifyReceipt(secret, signReceipt(secret, claims), 1000)).toEqual({ ok: true, claims });
  });
  it('refuses tampered claims, another secret, garbage and expiry', () => {
    const receipt = signReceipt(secret, claims);
    const [, sig] = receipt.split('.');
    const forged = `${Buffer.from(JSON.stringify({ ...claims, kid: 'key_2' })).toString('base64url')}.${sig}`;
    expect(verifyReceipt(secret, forged, 1000)).toEqual({ ok: false, reason: 'signature' });
    expect(verifyReceipt('x'.repeat(40), receipt, 1000)).toEqual({ ok: false, reason: 'signature' });
    expect(verifyReceipt(secret, 'garbage', 1000)).toEqual({ ok: false, reason: 'malformed' });
    expect(verifyReceipt(secret, `${receipt}.x`, 1000)).toEqual({ ok: false, reason: 'malformed' });
    expect(verifyReceipt(secret, receipt, 2001)).toEqual({ ok: false, reason: 'expired' });
  });
});
