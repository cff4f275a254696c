/** Payloads and results of the render queue's jobs (graphics, tiles, archives). */
export interface RenderGraphicPayload {
  /** sha256:… of renderer version + course revision + canonical request */
  artifactKey: string;
  courseId: string;
  courseRevision: string;
  /** the normalized graphic request (libs/styles NormalizedGraphicRequest) */
  request: Record<string, unknown>;
}

export interface RenderGraphicResult {
  artifactKey: string;
  /** object key of the image in the artifact store */
  objectKey: string;
  contentType: string;
  width: number;
  height: number;
  sha256: string;
  sizeBytes: number;
  /** which worker rendered it (for coalescing tests and operations) */
  worker: string;
}

const hexOf = (artifactKey: string) => artifactKey.slice('sha256:'.length);
/** Where a rendered graphic lives in the artifact store. */
export const graphicObjectKey = (artifactKey: string) => `graphics/${hexOf(artifactKey).slice(0, 2)}/${hexOf(artifactKey)}`;
/** The render record beside each image: spatial sidecar, normalized request and course revision (server side only). */
export const renderRecordKey = (artifactKey: string) => `${graphicObjectKey(artifactKey)}.render.json`;
