import type { Map as MapLibreMap } from 'maplibre-gl';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
// Natural Earth's 1:110m countries (public domain), as world-atlas ships them: about 100 KB, in its own lazily loaded chunk
import countries from 'world-atlas/countries-110m.json';

const world = countries as unknown as Topology<{ countries: GeometryCollection; land: GeometryCollection }>;

/**
 * A light base map to orient by (the service has no world base tiles): land on a water-coloured
 * background and country borders, below everything a page adds later.
 */
export function addWorldBase(map: MapLibreMap): void {
  const attribution = 'Natural Earth (public domain)';
  map.addSource('world-land', { type: 'geojson', data: unwrapped(feature(world, world.objects.land)), attribution });
  // borders between two countries only: the coastline is the land's own edge
  map.addSource('world-borders', { type: 'geojson', data: unwrapped(mesh(world, world.objects.countries, (a, b) => a !== b)) });
  map.addLayer({ id: 'world-water', type: 'background', paint: { 'background-color': '#d4e4ee' } });
  map.addLayer({ id: 'world-land', type: 'fill', source: 'world-land', paint: { 'fill-color': '#f4f1e8' } });
  map.addLayer({ id: 'world-borders', type: 'line', source: 'world-borders', paint: { 'line-color': '#a89f8c', 'line-width': 0.8, 'line-dasharray': [3, 2] } });
}

/**
 * The same shapes with every line continuous across the antimeridian: a ring that steps from 179°
 * to -179° goes on to 181° instead, so MapLibre does not draw it back across the whole world (as a
 * band over the map).
 */
function unwrapped<T extends GeoJSON.GeoJSON>(shape: T): T {
  const line = (points: number[][]) => {
    let shift = 0;
    return points.map(([lon, lat], i) => {
      if (i > 0) {
        const previous = points[i - 1][0] + shift;
        while (lon + shift - previous > 180) shift -= 360;
        while (lon + shift - previous < -180) shift += 360;
      }
      return [lon + shift, lat];
    });
  };
  const geometry = (g: GeoJSON.Geometry): GeoJSON.Geometry => {
    switch (g.type) {
      case 'LineString':
        return { ...g, coordinates: line(g.coordinates) };
      case 'MultiLineString':
      case 'Polygon':
        return { ...g, coordinates: g.coordinates.map(line) } as GeoJSON.Geometry;
      case 'MultiPolygon':
        return { ...g, coordinates: g.coordinates.map((polygon) => polygon.map(line)) };
      case 'GeometryCollection':
        return { ...g, geometries: g.geometries.map(geometry) };
      default:
        return g;
    }
  };
  if (shape.type === 'FeatureCollection') return { ...shape, features: shape.features.map((f) => ({ ...f, geometry: geometry(f.geometry) })) };
  if (shape.type === 'Feature') return { ...shape, geometry: geometry(shape.geometry) };
  return geometry(shape as GeoJSON.Geometry) as T;
}
