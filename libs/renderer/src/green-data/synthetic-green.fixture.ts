// Synthetic greens for the green-data specs: a circle of known radius over an analytic surface.
import type { ElevationGrid } from '@caddie/catalog';
import { buildElevationGrid, LocalProjection, type LonLat } from '@caddie/geometry';
import type { MultiPolygon, Polygon, Position } from 'geojson';

export const GREEN_CENTER: LonLat = [-78.91, 35.92];
export const GREEN_RADIUS_METERS = 12;
export const frame = new LocalProjection(GREEN_CENTER);

export function circleRing(cx: number, cy: number, radius: number, vertices = 96): Position[] {
  const ring: Position[] = [];
  for (let i = 0; i <= vertices; i++) {
    const angle = ((i % vertices) / vertices) * 2 * Math.PI;
    ring.push(frame.toLonLat([cx + radius * Math.cos(angle), cy + radius * Math.sin(angle)]));
  }
  return ring;
}

export function circleGreen(radius = GREEN_RADIUS_METERS): Polygon {
  return { type: 'Polygon', coordinates: [circleRing(0, 0, radius)] };
}

/** A 1-yard grid like the putting-surface bundle: the green plus 20 m, heights from local metres. */
export function syntheticGrid(heightAt: (x: number, y: number) => number, green: Polygon | MultiPolygon = circleGreen()): ElevationGrid {
  const points = (green.type === 'Polygon' ? [green.coordinates] : green.coordinates).flat(2);
  const metres = points.map((p) => frame.toMeters([p[0], p[1]]));
  const [minX, maxX] = [Math.min(...metres.map((m) => m[0])) - 20, Math.max(...metres.map((m) => m[0])) + 20];
  const [minY, maxY] = [Math.min(...metres.map((m) => m[1])) - 20, Math.max(...metres.map((m) => m[1])) + 20];
  const [west, south] = frame.toLonLat([minX, minY]);
  const [east, north] = frame.toLonLat([maxX, maxY]);
  return buildElevationGrid([west, south, east, north], 0.9144, 'synthetic', (lon, lat) => {
    const [x, y] = frame.toMeters([lon, lat]);
    return heightAt(x, y);
  });
}

/** 3 % rising toward the east: water runs west. */
export const tiltedEastWest = (x: number) => 10 + 0.03 * x;
export const flat = () => 10;

/** North-up output: `pixelsPerMeter` pixels per metre, the green centre at (cx, cy). */
export function northUpProjector(pixelsPerMeter: number, cx: number, cy: number) {
  return (lon: number, lat: number): [number, number] => {
    const [x, y] = frame.toMeters([lon, lat]);
    return [cx + x * pixelsPerMeter, cy - y * pixelsPerMeter];
  };
}

/** The picture turned `degrees` clockwise: at 90, north points right and east points down. */
export function rotatedProjector(pixelsPerMeter: number, cx: number, cy: number, degrees: number) {
  const t = (degrees * Math.PI) / 180;
  return (lon: number, lat: number): [number, number] => {
    const [x, y] = frame.toMeters([lon, lat]);
    // north-up pixel offsets, then a clockwise turn on screen (y down)
    const u = x * pixelsPerMeter;
    const v = -y * pixelsPerMeter;
    return [cx + u * Math.cos(t) - v * Math.sin(t), cy + u * Math.sin(t) + v * Math.cos(t)];
  };
}
