/** Worked examples of the map operations for the API document, placed on the demo course as it is drawn. */
import { demoExamplePlaces } from '@caddie/catalog';
import { tileRangeForBBox } from '@caddie/geometry';
import type { OperationExample } from '../platform/http/operation.decorator';

const demo = demoExamplePlaces('demo-pine-hollow');
const COURSE = demo.courseId;
/** shown in the answers only: requests leave the revision out, so they work whatever the demo course's revision is */
const REVISION = 'sha256:3a1f5c7e9b0d2f4a6c8e1b3d5f7a9c0e2b4d6f8a1c3e5b7d9f0a2c4e6b8d1f3a';
const BASE = 'http://localhost:3000/v1';
const bounds = demo.greensBBox(1, 18);
const frontNine = demo.greensBBox(1, 9);
const tile = demo.greenTile(7, 17);
const center: [number, number] = [Math.round(((bounds[0] + bounds[2]) / 2) * 1e5) / 1e5, Math.round(((bounds[1] + bounds[3]) / 2) * 1e5) / 1e5];
const range = (zoom: number) => {
  const r = tileRangeForBBox(bounds, zoom);
  return { zoom, minX: r.minX, maxX: r.maxX, minY: r.minY, maxY: r.maxY, tileCount: (r.maxX - r.minX + 1) * (r.maxY - r.minY + 1) };
};
const ranges = [range(15), range(16), range(17)];
const tiles = `${BASE}/courses/${COURSE}/maps/tiles/{z}/{x}/{y}?revision=${REVISION}&tileSize=256&format=webp`;

const plan = {
  service: 'course-maps',
  courseId: COURSE,
  revision: REVISION,
  tileSize: 256,
  format: 'webp',
  contentType: 'image/webp',
  coverage: { bounds, center, minZoom: 15, maxZoom: 17, tileCount: ranges.reduce((sum, r) => sum + r.tileCount, 0) },
  zoom: 17,
  zoomTiles: ranges[2],
  tileRanges: ranges,
  tileUrlTemplate: tiles,
  staticMap: { url: `${BASE}/courses/${COURSE}/maps/static?bbox=${bounds.join(',')}&zoom=17&revision=${REVISION}`, zoom: 17, maxPixels: 4096 },
  archive: {
    status: 'ready',
    url: `${BASE}/courses/${COURSE}/maps/archive.pmtiles?revision=${REVISION}`,
    sizeBytes: 1843211,
    etag: '"sha256:9e1c…"',
    retryAfterSeconds: null,
  },
  tilejson: '3.0.0',
  name: `${demo.name} (demo)`,
  attribution: 'Caddie demo course',
  scheme: 'xyz',
  tiles: [tiles],
  minzoom: 15,
  maxzoom: 17,
  bounds,
  center: [...center, 17],
};

export const MAP_EXAMPLES = {
  plan: { summary: 'The demo course map at zoom 17', parameters: { courseId: COURSE, zoom: '17' }, responses: { 200: plan } },
  tile: {
    summary: 'The 256-pixel WebP tile holding green 7 at zoom 17',
    parameters: { courseId: COURSE, zoom: String(tile.zoom), x: String(tile.x), y: String(tile.y) },
  },
  staticMap: { summary: 'Greens of the front nine at zoom 17', parameters: { courseId: COURSE, bbox: frontNine.join(','), zoom: '17' } },
  archive: { summary: 'The archive header (first 127 bytes) with Range: bytes=0-126', parameters: { courseId: COURSE } },
} satisfies Record<string, OperationExample>;
