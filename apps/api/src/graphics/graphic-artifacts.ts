/** Render ids carry the artifact key, so a later poll needs no lookup table. */
const hexOf = (artifactKey: string) => artifactKey.slice('sha256:'.length);
export const renderIdOf = (artifactKey: string) => `rnd_${hexOf(artifactKey)}`;

export function artifactKeyOfRenderId(renderId: string): string | null {
  const match = /^rnd_([0-9a-f]{64})$/.exec(renderId);
  return match ? `sha256:${match[1]}` : null;
}

export const CONTENT_TYPES = { webp: 'image/webp', png: 'image/png', jpeg: 'image/jpeg' } as const;
