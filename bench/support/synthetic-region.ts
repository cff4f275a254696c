/**
 * A generated region of golf courses as OpenStreetMap-style GeoJSON, for import benchmarks:
 * courses of 18 holes laid on a grid, each hole a numbered line with its green, three tees, a
 * fairway and four bunkers (10 features a hole, 181 a course). Deterministic.
 *   node dist/bench/support/synthetic-region.js <out.geojson> [features]
 */
import { writeFileSync } from 'node:fs';

const METERS_PER_DEGREE = 111_320;

export function syntheticRegion(features: number): { type: 'FeatureCollection'; features: unknown[] } {
  const out: unknown[] = [];
  let id = 1_000_000;
  const add = (tags: Record<string, string>, geometry: unknown) =>
    out.push({ type: 'Feature', geometry, properties: { osm_type: 'way', osm_id: id++, ...tags } });
  for (let course = 0; out.length < features; course++) {
    const lon0 = 5 + (course % 40) * 0.03;
    const lat0 = 45 + Math.floor(course / 40) * 0.02;
    const kx = METERS_PER_DEGREE * Math.cos((lat0 * Math.PI) / 180);
    const at = (x: number, y: number) => [Math.round((lon0 + x / kx) * 1e7) / 1e7, Math.round((lat0 + y / METERS_PER_DEGREE) * 1e7) / 1e7];
    const box = (x: number, y: number, hx: number, hy: number) => ({
      type: 'Polygon',
      coordinates: [[at(x - hx, y - hy), at(x + hx, y - hy), at(x + hx, y + hy), at(x - hx, y + hy), at(x - hx, y - hy)]],
    });
    add({ leisure: 'golf_course', name: `Generated course ${course + 1}` }, box(900, 700, 1000, 800));
    for (let hole = 1; hole <= 18 && out.length < features; hole++) {
      const x = 100 + ((hole - 1) % 9) * 200;
      const north = hole > 9;
      const [y0, y1] = north ? [1400, 900] : [100, 600];
      const dir = Math.sign(y1 - y0);
      add(
        { golf: 'hole', ref: String(hole), par: '4', name: `Hole ${hole}` },
        { type: 'LineString', coordinates: [at(x, y0), at(x + 20, (y0 + y1) / 2), at(x, y1)] },
      );
      add({ golf: 'green' }, box(x, y1 + dir * 10, 15, 15));
      for (const [k, colour] of ['white', 'yellow', 'red'].entries()) add({ golf: 'tee', 'tee:colour': colour }, box(x, y0 + dir * (k * 25 - 5), 6, 6));
      add({ golf: 'fairway' }, box(x + 10, (y0 + y1) / 2, 18, 180));
      for (let b = 0; b < 4; b++) add({ golf: 'bunker', natural: 'sand' }, box(x + (b % 2 ? 30 : -30), y1 - dir * (b < 2 ? 30 : 200), 6, 5));
    }
  }
  return { type: 'FeatureCollection', features: out.slice(0, features) };
}

if (require.main === module) {
  const [path, count] = process.argv.slice(2);
  if (!path) throw new Error('usage: synthetic-region.js <out.geojson> [features]');
  writeFileSync(path, JSON.stringify(syntheticRegion(Number(count ?? 100_000))));
}
