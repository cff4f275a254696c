import { decodeArtifactToken, encodeArtifactToken, signArtifact, verifyArtifactSignature } from './url-signing';

describe('artifact URL signing', () => {
  const secret = 's'.repeat(40);
  it('accepts its own signature until expiry, then reports expired', () => {
    const sig = signArtifact(secret, 'graphics/ab/cd.webp', 1000);
    expect(verifyArtifactSignature(secret, 'graphics/ab/cd.webp', 1000, sig, 999)).toBe('valid');
    expect(verifyArtifactSignature(secret, 'graphics/ab/cd.webp', 1000, sig, 1001)).toBe('expired');
  });
  it('rejects another key, another expiry, another secret or a tampered signature', () => {
    const sig = signArtifact(secret, 'a/b.png', 1000);
    expect(verifyArtifactSignature(secret, 'a/c.png', 1000, sig, 0)).toBe('invalid');
    expect(verifyArtifactSignature(secret, 'a/b.png', 1001, sig, 0)).toBe('invalid');
    expect(verifyArtifactSignature('t'.repeat(40), 'a/b.png', 1000, sig, 0)).toBe('invalid');
    expect(verifyArtifactSignature(secret, 'a/b.png', 1000, sig.slice(0, -1) + (sig.endsWith('A') ? 'B' : 'A'), 0)).toBe('invalid');
    expect(verifyArtifactSignature(secret, 'a/b.png', 1000, 'short', 0)).toBe('invalid');
  });
  it('round-trips keys through a URL-safe token', () => {
    expect(decodeArtifactToken(encodeArtifactToken('scorecards/2026/x y.png'))).toBe('scorecards/2026/x y.png');
    expect(encodeArtifactToken('graphics/ab/cd.webp')).toMatch(/^[A-Za-z0-9_-]+$/);
  });
});
