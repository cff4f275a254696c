import { z } from 'zod';
import { MAP_TILE_FORMATS, type MapTileFormat } from '@caddie/styles';
import type { OperationSpec } from '../platform/http/operation.decorator';
import { perFrozenInput } from '../platform/http/per-frozen-input';
import type { TileQuery } from './maps.service';
import { MAP_EXAMPLES } from './map-examples';
import { tilePlanSchema } from './tile-plan.schema';

/** Declarations of the map operations, shared by the controller and the direct tile routes. */
export const mapAccess = { access: 'key' as const, scope: 'course-maps:read' as const, service: 'course-maps' as const, tags: ['Maps'] };
export const integer = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,10}$/, 'an integer')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
export const revision = z
  .string()
  .regex(/^(sha256:)?[0-9a-f]{64}$/, 'optional sha256: then 64 lowercase hex')
  .optional()
  .describe('Pin the course revision; a stale one answers 409');
const tileSize = z.enum(['256', '512']).default('256').transform(Number).describe('Tile size in pixels (default 256)');
const format = z
  .enum(MAP_TILE_FORMATS)
  .default('webp')
  .describe('webp (lossless WebP, default), webp-lossy (WebP at quality 85: about a quarter of the bytes, no visible difference at 1x or 2x), or png');
const courseId = z.string().max(200).describe('Course layout id (GET /v1/courses/bulk-ids lists them).');
export const courseParams = z.strictObject({ courseId });
export const tileParams = z.strictObject({
  courseId,
  zoom: integer(0, 22).describe('Zoom 0..22'),
  x: integer(0, 2 ** 22).describe('Tile column, 0 at the antimeridian'),
  y: integer(0, 2 ** 22).describe('Tile row, 0 at the north edge (XYZ, y down)'),
});
export const planQuery = z.strictObject({ zoom: integer(0, 22).default(17).describe('Zoom 0..22 (default 17)'), tileSize, format, revision });
export const tileQuery = z.strictObject({ tileSize, format, revision });
export const COMMON_PROBLEMS = [
  'course-not-found',
  'invalid-course-id',
  'stale-revision',
  'course-geometry-missing',
  'map-archive-building',
  'map-archive-failed',
  'map-unavailable',
];
export const NO_STORE = 'private, no-store';

export type PlanQuery = TileQuery & { zoom: number };
export type TileParams = { courseId: string; zoom: number; x: number; y: number };

export const planSpec = (operationId: string, deprecated: boolean): OperationSpec => ({
  ...mapAccess,
  operationId,
  summary: deprecated ? 'Deprecated alias of GET /courses/{courseId}/maps/tiles' : 'Tile coverage plan (also a TileJSON 3.0.0 document)',
  description:
    'Coverage bounds, zoom range and XYZ tile ranges of the course map, a revision-pinned tile URL template, a static-map link and the PMTiles archive status. Starts the archive build when it is absent. The TileJSON members (tilejson, tiles, minzoom, maxzoom, bounds, center, attribution, name) let MapLibre use the document directly as a raster source.',
  params: courseParams,
  query: planQuery,
  responses: { 200: { description: 'Tile plan', schema: tilePlanSchema, headers: { 'Cache-Control': NO_STORE } } },
  problems: COMMON_PROBLEMS,
  deprecated,
  example: MAP_EXAMPLES.plan,
});

export const tileSpec = (operationId: string, deprecated: boolean): OperationSpec => ({
  ...mapAccess,
  operationId,
  summary: deprecated ? 'Deprecated alias of GET /courses/{courseId}/maps/tiles/{zoom}/{x}/{y}' : 'One raster tile from the course map archive',
  description:
    'North-up Web Mercator tile (XYZ, y down), unbranded. Outside the coverage or zoom range: 404 tile-not-found. When the archive is not built yet the request waits for the build up to the render wait deadline, then answers 503 map-archive-building with Retry-After.',
  params: tileParams,
  query: tileQuery,
  responses: {
    200: {
      description: 'The tile',
      contentTypes: ['image/webp', 'image/png'],
      headers: { ETag: 'strong; names the tile bytes (in the immutable archive, or of the tile rendered on demand while the archive builds)' },
    },
    304: { description: 'Not modified (If-None-Match)' },
  },
  problems: [...COMMON_PROBLEMS, 'tile-not-found'],
  deprecated,
  example: MAP_EXAMPLES.tile,
});

const DIGITS = /^\d{1,10}$/;
const REVISION = /^(sha256:)?[0-9a-f]{64}$/;
const MAX_TILE_INDEX = 2 ** 22;

/**
 * The tile route's params and query as `tileParams` and `tileQuery` parse them, without zod, for
 * the common valid request; null for anything else, which the schemas then parse and explain.
 * A unit test holds the two to the same answers.
 */
export function acceptTileInput(
  params: Readonly<Record<string, string>>,
  query: Readonly<Record<string, unknown>>,
): { params: TileParams; query: TileQuery } | null {
  const tile = acceptTileParams(params);
  const parsed = tile && acceptTileQuery(query);
  return parsed ? { params: tile, query: parsed } : null;
}

/** The params as `tileParams` parses them, or null; once per frozen params object (the fast lane's). */
const acceptTileParams = perFrozenInput(parseTileParams);

function parseTileParams(params: Readonly<Record<string, string>>): TileParams | null {
  const { courseId, zoom, x, y } = params;
  if (typeof courseId !== 'string' || courseId.length > 200 || Object.keys(params).length !== 4) return null;
  if (!DIGITS.test(zoom) || !DIGITS.test(x) || !DIGITS.test(y)) return null;
  const z = Number(zoom);
  const tx = Number(x);
  const ty = Number(y);
  if (z > 22 || tx > MAX_TILE_INDEX || ty > MAX_TILE_INDEX) return null;
  return { courseId, zoom: z, x: tx, y: ty };
}

/** The query as `tileQuery` parses it, or null; once per frozen query object (the fast lane's). */
const acceptTileQuery = perFrozenInput(parseTileQuery);

const isMapTileFormat = (value: unknown): value is MapTileFormat => (MAP_TILE_FORMATS as readonly unknown[]).includes(value);

function parseTileQuery(query: Readonly<Record<string, unknown>>): TileQuery | null {
  const parsed: TileQuery = { tileSize: 256, format: 'webp' };
  for (const name in query) {
    const value = query[name];
    if (name === 'tileSize' && (value === '256' || value === '512')) parsed.tileSize = Number(value) as 256 | 512;
    else if (name === 'format' && isMapTileFormat(value)) parsed.format = value;
    else if (name === 'revision' && typeof value === 'string' && REVISION.test(value)) parsed.revision = value;
    else return null;
  }
  return parsed;
}
