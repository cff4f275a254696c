/**
 * The rows a hole page prints, as text: one place turns measured metres into the printed numbers,
 * so the painters and the tests that check them against the geometry read the same values.
 */
import { distanceValue, type DistanceUnit } from './distance-units';
import type { GreensidePlace, Hazard, HoleYardages, LayUpPoint } from './hole-yardages';

export interface HazardRow {
  label: string;
  /** 'Water across', 'Bunker left', … */
  name: string;
  /** per tee row of the yardages, `reach/carry`, `/carry` (the tee is level with it) or '—' (behind that tee) */
  fromTees: string[];
  /** from where the hazard is reached to the green's centre; '' for greenside hazards */
  toCenter: string;
  /** a greenside hazard placed from the green, e.g. 'front-left, 6 short to 3 on' */
  greenside: string | null;
}

export interface LayUpRow {
  label: string;
  front: string;
  center: string;
  back: string;
}

export function hazardRows(yardages: HoleYardages, unit: DistanceUnit): HazardRow[] {
  return yardages.hazards.map((h) => ({
    label: h.label,
    name: hazardName(h),
    fromTees: h.greenside
      ? []
      : h.fromTees.map((t) => (t.carry === null ? '—' : `${t.reach === null ? '' : distanceValue(t.reach, unit)}/${distanceValue(t.carry, unit)}`)),
    toCenter: h.toGreen ? String(distanceValue(h.toGreen.center, unit)) : '',
    greenside: h.greenside ? greensideText(h.greenside, unit) : null,
  }));
}

export function layUpRows(yardages: HoleYardages, unit: DistanceUnit): LayUpRow[] {
  return yardages.layUps.map((l: LayUpPoint) => {
    const g = l.toGreen;
    const cell = (m: number | undefined) => (m === undefined ? '—' : String(distanceValue(m, unit)));
    return { label: String(l.distanceToCenter), front: cell(g?.front), center: cell(g?.center), back: cell(g?.back) };
  });
}

function hazardName(h: Hazard): string {
  const kind = h.kind === 'water' ? 'Water' : 'Bunker';
  if (h.greenside) return kind;
  return `${kind} ${h.side}`;
}

/** Where along the approach a greenside hazard lies: short of the front edge, on (beside the surface), over the back. */
export function greensideText(place: GreensidePlace, unit: DistanceUnit): string {
  const at = (m: number) => {
    if (distanceValue(Math.abs(m), unit) === 0) return 'the front edge';
    if (m < 0) return `${distanceValue(-m, unit)} short`;
    if (m > place.greenDepth) return `${distanceValue(m - place.greenDepth, unit)} over`;
    return `${distanceValue(m, unit)} on`;
  };
  const start = at(place.startFromFront);
  const end = at(place.endFromFront);
  return start === end ? `${place.position}, ${start}` : `${place.position}, ${start} to ${end}`;
}
