/** Worked examples of the map operations for the API document (demo course values). */
import type { OperationExample } from '../platform/http/operation.decorator';

const COURSE = 'demo-pine-hollow';
const REVISION = 'sha256:3a1f5c7e9b0d2f4a6c8e1b3d5f7a9c0e2b4d6f8a1c3e5b7d9f0a2c4e6b8d1f3a';
const BASE = 'http://localhost:3000/v1';
const bounds: [number, number, number, number] = [-93.2752, 44.9711, -93.2549, 44.9846];
const range = (zoom: number, minX: number, maxX: number, minY: number, maxY: number) => ({ zoom, minX, maxX, minY, maxY, tileCount: (maxX - minX + 1) * (maxY - minY + 1) });
const tiles = `${BASE}/courses/${COURSE}/maps/tiles/{z}/{x}/{y}?revision=${REVISION}&tileSize=256&format=webp`;

const plan = {
  service: 'course-maps',
  courseId: COURSE,
  revision: REVISION,
  tileSize: 256,
  format: 'webp',
  contentType: 'image/webp',
  coverage: { bounds, center: [-93.26505, 44.97785], minZoom: 15, maxZoom: 17, tileCount: 33 },
  zoom: 17,
  zoomTiles: range(17, 30807, 30814, 47031, 47033),
  tileRanges: [range(15, 7701, 7703, 11757, 11758), range(16, 15403, 15407, 23515, 23516), range(17, 30807, 30814, 47031, 47033)],
  tileUrlTemplate: tiles,
  staticMap: { url: `${BASE}/courses/${COURSE}/maps/static?bbox=${bounds.join(',')}&zoom=17&revision=${REVISION}`, zoom: 17, maxPixels: 4096 },
  archive: { status: 'ready', url: `${BASE}/courses/${COURSE}/maps/archive.pmtiles?revision=${REVISION}`, sizeBytes: 1843211, etag: '"sha256:9e1c…"', retryAfterSeconds: null },
  tilejson: '3.0.0',
  name: 'Pine Hollow (demo)',
  attribution: 'Caddie demo course',
  scheme: 'xyz',
  tiles: [tiles],
  minzoom: 15,
  maxzoom: 17,
  bounds,
  center: [-93.26505, 44.97785, 17],
};

export const MAP_EXAMPLES = {
  plan: { summary: 'The demo course map at zoom 17', parameters: { courseId: COURSE, zoom: '17' }, responses: { 200: plan } },
  tile: { summary: 'One 256-pixel WebP tile', parameters: { courseId: COURSE, zoom: '17', x: '30810', y: '47032', revision: REVISION } },
  staticMap: { summary: 'Greens of the front nine at zoom 17', parameters: { courseId: COURSE, bbox: bounds.join(','), zoom: '17' } },
  archive: { summary: 'The archive header (first 127 bytes) with Range: bytes=0-126', parameters: { courseId: COURSE, revision: REVISION } },
} satisfies Record<string, OperationExample>;
