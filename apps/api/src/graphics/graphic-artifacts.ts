/** Where a rendered graphic and its spatial sidecar live in the artifact store. */
export const hexOf = (artifactKey: string) => artifactKey.slice('sha256:'.length);
export const graphicObjectKey = (artifactKey: string) => `graphics/${hexOf(artifactKey).slice(0, 2)}/${hexOf(artifactKey)}`;
export const sidecarObjectKey = (artifactKey: string) => `${graphicObjectKey(artifactKey)}.sidecar.json`;
export const renderIdOf = (artifactKey: string) => `rnd_${hexOf(artifactKey)}`;

/** Render ids carry the artifact key, so a later poll needs no lookup table. */
export function artifactKeyOfRenderId(renderId: string): string | null {
  const match = /^rnd_([0-9a-f]{64})$/.exec(renderId);
  return match ? `sha256:${match[1]}` : null;
}

export const CONTENT_TYPES = { webp: 'image/webp', png: 'image/png', jpeg: 'image/jpeg' } as const;
