/** The map archive build job: one PMTiles archive per course revision, tile size and format. */
export type MapTileFormatName = 'webp' | 'png';

export interface RenderMapArchivePayload {
  courseId: string;
  /** sha256:… course revision the archive is drawn from */
  courseRevision: string;
  tileSize: 256 | 512;
  format: MapTileFormatName;
}

export interface RenderMapArchiveResult {
  /** object key of the archive in the artifact store */
  objectKey: string;
  /** sha256:… of the archive bytes (the strong ETag) */
  sha256: string;
  sizeBytes: number;
  tileCount: number;
  minZoom: number;
  maxZoom: number;
  worker: string;
}

/** Where an archive lives: maps/<courseId>/<revision hex>/<tileSize>.<format>.pmtiles. Also its coalescing id. */
export function mapArchiveKey(courseId: string, courseRevision: string, tileSize: number, format: string): string {
  return `maps/${courseId}/${courseRevision.replace(/^sha256:/, '')}/${tileSize}.${format}.pmtiles`;
}
