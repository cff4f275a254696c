/**
 * Small synthetic OSM GeoJSON for unit tests, laid out in metres around an origin so that
 * distances in a test read as distances on the ground.
 */
import type { Feature, FeatureCollection, Geometry } from 'geojson';

const ORIGIN: [number, number] = [10, 50];
const METERS_PER_DEGREE = (Math.PI / 180) * 6_371_008.8;

export function at(x: number, y: number): [number, number] {
  const lon = ORIGIN[0] + x / (METERS_PER_DEGREE * Math.cos((ORIGIN[1] * Math.PI) / 180));
  const lat = ORIGIN[1] + y / METERS_PER_DEGREE;
  return [Math.round(lon * 1e7) / 1e7, Math.round(lat * 1e7) / 1e7];
}

export function square(cx: number, cy: number, half: number): Geometry {
  return {
    type: 'Polygon',
    coordinates: [[at(cx - half, cy - half), at(cx + half, cy - half), at(cx + half, cy + half), at(cx - half, cy + half), at(cx - half, cy - half)]],
  };
}

export function line(...points: [number, number][]): Geometry {
  return { type: 'LineString', coordinates: points.map(([x, y]) => at(x, y)) };
}

export function osmFeature(osmType: 'node' | 'way' | 'relation', osmId: number, tags: Record<string, string>, geometry: Geometry): Feature {
  return { type: 'Feature', id: `${osmType}/${osmId}`, geometry, properties: { osm_type: osmType, osm_id: osmId, ...tags } };
}

export function collection(...features: Feature[]): FeatureCollection {
  return { type: 'FeatureCollection', features };
}

export function asInput(name: string, fc: FeatureCollection): { name: string; content: string } {
  return { name, content: JSON.stringify(fc) };
}
