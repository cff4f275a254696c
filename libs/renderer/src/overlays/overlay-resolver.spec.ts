import { generateDemoCourses, type Course, type LonLat } from '@caddie/catalog';
import { OVERLAY_TYPES, type OverlayType } from '@caddie/styles';
import { OverlayDataMissingError } from '@caddie/styles';
import { parseOverlayItems } from '@caddie/styles';
import { renderContext } from './overlay-renders.fixture';
import { resolveOverlays } from './overlay-resolver';
import type { OverlayContext } from './overlay-scene';

let pine: Course;
let hole1: OverlayContext;
let green1: OverlayContext;

beforeAll(async () => {
  [pine] = generateDemoCourses();
  [hole1, green1] = await Promise.all([renderContext(pine, 'hole-1', 1440, 2400), renderContext(pine, 'green-1', 1200, 1200)]);
}, 60_000);

const HOLE_TYPES: OverlayType[] = [...OVERLAY_TYPES];
const GREEN_TYPES: OverlayType[] = ['flag', 'cup', 'grids', 'green-elevation-heatmap', 'green-downhill-arrows', 'green-measurements', 'hole-number'];
const FORBIDDEN_KEYS = ['coordinates', 'lon', 'lat', 'lng', 'longitude', 'latitude', 'projection', 'matrix', 'sidecar', 'geometry', 'front', 'back'];

/** Every number and key in a JSON value. */
function walk(value: unknown, visit: (key: string | null, value: unknown) => void, key: string | null = null): void {
  visit(key, value);
  if (Array.isArray(value)) value.forEach((v) => walk(v, visit));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, visit, k);
}

function courseLonLats(course: Course): LonLat[] {
  const points: LonLat[] = [];
  for (const h of course.holes) points.push(...h.centerline, ...h.tees.map((t) => t.center), ...[h.pin, h.greenCenter].filter((p): p is LonLat => p !== null));
  for (const g of course.measurements.greens) points.push(g.front, g.center, g.back);
  for (const f of course.measurements.fairways) for (const s of f.stations) points.push(s.left, s.right);
  return points;
}

describe('resolveOverlays', () => {
  it('keeps the items order and ids, and returns only pixel display instructions', () => {
    const lonLats = courseLonLats(pine);
    const lons = lonLats.map((p) => p[0]);
    const lats = lonLats.map((p) => p[1]);
    for (const [context, types] of [
      [hole1, HOLE_TYPES],
      [green1, GREEN_TYPES],
    ] as const) {
      const items = parseOverlayItems(
        types.map((type) => ({ type })),
        types,
      );
      const resolved = resolveOverlays(items, context);
      expect(resolved.map((r) => [r.id, r.type])).toEqual(types.map((t) => [`${t}-1`, t]));
      for (const overlay of resolved) expect(overlay.instructions.length).toBeGreaterThan(0);

      const json = JSON.parse(JSON.stringify(resolved));
      const keys: string[] = [];
      const numbers: number[] = [];
      walk(json, (key, value) => {
        if (key !== null) keys.push(key);
        if (typeof value === 'number') numbers.push(value);
      });
      expect(keys.filter((k) => FORBIDDEN_KEYS.includes(k))).toEqual([]);
      expect(numbers.length).toBeGreaterThan(100);
      // pixels carry at most two decimals; longitudes and latitudes carry many
      expect(numbers.filter((n) => Math.abs(n * 100 - Math.round(n * 100)) > 1e-6)).toEqual([]);
      const geographic = new Set([...lons, ...lats]);
      expect(numbers.filter((n) => geographic.has(n))).toEqual([]);
      const text = JSON.stringify(resolved);
      expect(text).not.toContain(String(pine.location.longitude));
      expect(text).not.toContain(context.sidecar.schema);
    }
  });

  it('is deterministic for the same render and items', () => {
    const items = parseOverlayItems([{ type: 'green-elevation-heatmap' }, { type: 'green-downhill-arrows' }, { type: 'green-measurements' }], OVERLAY_TYPES);
    expect(JSON.stringify(resolveOverlays(items, green1))).toBe(JSON.stringify(resolveOverlays(items, green1)));
  });

  it('refuses side views: a profile sidecar has no projection', async () => {
    const profile = await renderContext(pine, 'profile-elevation-1', 400, 320);
    expect(profile.sidecar.projection).toBeNull();
    // parse still validates, even though a profile receipt authorizes nothing
    const items = parseOverlayItems([{ type: 'flag' }], ['flag']);
    expect(() => resolveOverlays(items, profile)).toThrow(OverlayDataMissingError);
    expect(() => resolveOverlays(items, profile)).toThrow(expect.objectContaining({ code: 'projection-missing', status: 422 }));
  });

  it('reports a subject hole the course lacks', () => {
    const items = parseOverlayItems([{ type: 'flag' }], OVERLAY_TYPES);
    const elsewhere: OverlayContext = { ...hole1, request: { ...hole1.request, subject: { type: 'hole', holeNumber: 40 } } };
    expect(() => resolveOverlays(items, elsewhere)).toThrow(expect.objectContaining({ code: 'hole-not-found' }));
  });
});
