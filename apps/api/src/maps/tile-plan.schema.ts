import { z } from 'zod';
import { MAP_TILE_FORMATS } from '@caddie/styles';

const bbox = z.tuple([z.number(), z.number(), z.number(), z.number()]).describe('[west, south, east, north], WGS84 degrees');
const tileRange = z
  .object({
    zoom: z.number().int(),
    minX: z.number().int(),
    maxX: z.number().int(),
    minY: z.number().int(),
    maxY: z.number().int(),
    tileCount: z.number().int(),
  })
  .describe('Inclusive XYZ tile range (y down) of the coverage at one zoom');

/**
 * The tile plan: course coverage, tile ranges, the revision-pinned URL template, the static-map
 * link and the archive status, plus TileJSON 3.0.0 members (tilejson … center) so the document
 * can be given to MapLibre as a raster source `url` as it is.
 */
export const tilePlanSchema = z.object({
  service: z.literal('course-maps'),
  courseId: z.string(),
  revision: z.string().describe('Course revision every URL of the plan is pinned to (sha256:…)'),
  tileSize: z.union([z.literal(256), z.literal(512)]),
  format: z.enum(MAP_TILE_FORMATS),
  contentType: z.enum(['image/webp', 'image/png']),
  coverage: z.object({
    bounds: bbox,
    center: z.tuple([z.number(), z.number()]),
    minZoom: z.number().int().describe('Shallowest zoom of the archive: the course spans about two tiles'),
    maxZoom: z.number().int().describe('Deepest zoom of the archive (at most 20; lowered so an archive holds at most 4096 tiles)'),
    tileCount: z.number().int(),
  }),
  zoom: z.number().int().describe('The requested zoom'),
  zoomTiles: tileRange.nullable().describe('Tile range at the requested zoom; null when the archive has no tiles there'),
  tileRanges: z.array(tileRange).describe('One range per zoom, minZoom..maxZoom'),
  tileUrlTemplate: z.string().describe('XYZ template with {z}/{x}/{y}, pinned to the revision, tile size and format'),
  staticMap: z
    .object({ url: z.string(), zoom: z.number().int(), maxPixels: z.number().int() })
    .describe('Static map of the whole coverage at the requested zoom (lowered until it fits maxPixels per side)'),
  archive: z.object({
    status: z
      .enum(['ready', 'building', 'absent'])
      .describe('ready: stored; building: being rendered (started by this request if needed); absent: the build could not be started'),
    url: z.string(),
    sizeBytes: z.number().int().nullable(),
    etag: z.string().nullable(),
    retryAfterSeconds: z.number().int().nullable(),
  }),
  tilejson: z.literal('3.0.0'),
  name: z.string(),
  attribution: z.string().describe('Data credits, e.g. "© OpenStreetMap contributors" for OpenStreetMap courses'),
  scheme: z.literal('xyz'),
  tiles: z.array(z.string()),
  minzoom: z.number().int(),
  maxzoom: z.number().int(),
  bounds: bbox,
  center: z.tuple([z.number(), z.number(), z.number()]).describe('[longitude, latitude, zoom]'),
});

export type TilePlan = z.infer<typeof tilePlanSchema>;
