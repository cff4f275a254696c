import type { SKRSContext2D } from '@napi-rs/canvas';
import { MARKER_MODULES, type MarkerPlacement, type Point } from '@caddie/fiducials';
import type { SeededRandom } from './seeded-random';

/** Something lying on or held over the card: a thumb, a pen, a phone. Convex, photo pixels. */
export interface Occluder {
  kind: 'thumb' | 'pen' | 'phone';
  polygon: Point[];
  colour: [number, number, number];
}

const COLOURS: Record<Occluder['kind'], [number, number, number][]> = {
  thumb: [
    [224, 172, 140],
    [198, 134, 96],
    [141, 85, 54],
  ],
  pen: [
    [20, 30, 120],
    [180, 20, 30],
    [30, 30, 30],
  ],
  phone: [
    [28, 28, 32],
    [200, 200, 205],
  ],
};

/** A stadium shape (rectangle with round ends) around the segment through `centre`. */
function capsule(centre: Point, angle: number, halfLength: number, radius: number): Point[] {
  const points: Point[] = [];
  const steps = 12;
  for (const end of [1, -1]) {
    const ex = centre.x + end * halfLength * Math.cos(angle);
    const ey = centre.y + end * halfLength * Math.sin(angle);
    for (let k = 0; k <= steps; k++) {
      const a = angle + (end === 1 ? -Math.PI / 2 : Math.PI / 2) + (Math.PI * k) / steps;
      points.push({ x: ex + radius * Math.cos(a), y: ey + radius * Math.sin(a) });
    }
  }
  return points;
}

function shapeFor(kind: Occluder['kind'], centre: Point, radius: number, random: SeededRandom): Point[] {
  const angle = random.uniform(0, 2 * Math.PI);
  if (kind === 'pen') return capsule(centre, angle, radius * random.uniform(3, 6), radius * 0.45);
  if (kind === 'phone') return capsule(centre, angle, radius * random.uniform(0.6, 1.2), radius * 1.1);
  return capsule(centre, angle, radius * random.uniform(0.8, 1.6), radius);
}

/** An occluder that certainly hides the marker whose photo quad is given (with its quiet zone). */
export function occluderOverMarker(markerQuad: readonly Point[], random: SeededRandom): Occluder {
  const kind = random.pick(['thumb', 'thumb', 'phone'] as const);
  const centre = {
    x: markerQuad.reduce((s, p) => s + p.x, 0) / 4,
    y: markerQuad.reduce((s, p) => s + p.y, 0) / 4,
  };
  const reach = Math.max(...markerQuad.map((p) => Math.hypot(p.x - centre.x, p.y - centre.y)));
  const jitter = { x: random.uniform(-0.3, 0.3) * reach, y: random.uniform(-0.3, 0.3) * reach };
  const radius = reach * 1.35 + Math.hypot(jitter.x, jitter.y);
  const polygon = shapeFor(kind, { x: centre.x + jitter.x, y: centre.y + jitter.y }, radius, random);
  return { kind, polygon, colour: random.pick(COLOURS[kind]) };
}

/** An occluder somewhere over the card's interior, sized relative to the card. */
export function occluderOverPage(pageCentre: Point, cardSidePx: number, random: SeededRandom): Occluder {
  const kind = random.pick(['thumb', 'pen', 'pen', 'phone'] as const);
  const centre = { x: pageCentre.x + random.uniform(-0.25, 0.25) * cardSidePx, y: pageCentre.y + random.uniform(-0.2, 0.2) * cardSidePx };
  const radius = random.uniform(0.04, 0.09) * cardSidePx;
  return { kind, polygon: shapeFor(kind, centre, radius, random), colour: random.pick(COLOURS[kind]) };
}

export function pointInPolygon(p: Point, polygon: readonly Point[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[i];
    const b = polygon[j];
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

/**
 * Marker square plus its one-module quiet zone, in surface millimetres: the part of the print
 * that must be unobstructed for the marker to count as visible.
 */
export function markerZoneMm(marker: MarkerPlacement): Point[] {
  const m = marker.sizeMm / MARKER_MODULES;
  const x0 = marker.xMm - m;
  const y0 = marker.yMm - m;
  const side = marker.sizeMm + 2 * m;
  return [
    { x: x0, y: y0 },
    { x: x0 + side, y: y0 },
    { x: x0 + side, y: y0 + side },
    { x: x0, y: y0 + side },
  ];
}

/** Whether any occluder touches the zone, sampled on a 12x12 grid mapped through `toPhoto`. */
export function zoneObstructed(zoneMm: readonly Point[], toPhoto: (p: Point) => Point, occluders: readonly Occluder[], width: number, height: number): boolean {
  const [a, , c] = zoneMm;
  const steps = 12;
  for (let i = 0; i <= steps; i++) {
    for (let j = 0; j <= steps; j++) {
      const p = toPhoto({ x: a.x + ((c.x - a.x) * i) / steps, y: a.y + ((c.y - a.y) * j) / steps });
      if (p.x < 0 || p.y < 0 || p.x > width - 1 || p.y > height - 1) return true; // out of frame
      if (occluders.some((o) => pointInPolygon(p, o.polygon))) return true;
    }
  }
  return false;
}

/** Draws occluders with the soft shadow they cast on the paper. */
export function paintOccluders(ctx: SKRSContext2D, occluders: readonly Occluder[], shadowPx: number): void {
  for (const o of occluders) {
    ctx.save();
    ctx.shadowColor = 'rgba(0, 0, 0, 0.45)';
    ctx.shadowBlur = shadowPx;
    ctx.shadowOffsetX = shadowPx * 0.6;
    ctx.shadowOffsetY = shadowPx * 0.8;
    ctx.fillStyle = `rgb(${o.colour.join(', ')})`;
    ctx.beginPath();
    o.polygon.forEach((p, i) => (i === 0 ? ctx.moveTo(p.x, p.y) : ctx.lineTo(p.x, p.y)));
    ctx.closePath();
    ctx.fill();
    ctx.restore();
  }
}
