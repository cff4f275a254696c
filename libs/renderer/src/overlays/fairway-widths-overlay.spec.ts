import { generateDemoCourses, type Course } from '@caddie/catalog';
import { nearestPointOnPolyline } from '@caddie/geometry';
import { distance, ofKind, renderContext, resolveOne } from './overlay-renders.fixture';
import type { OverlayContext } from './overlay-scene';

let pine: Course;
let hole1: OverlayContext;
const YARD = 0.9144;

beforeAll(async () => {
  [pine] = generateDemoCourses();
  hole1 = await renderContext(pine, 'hole-1', 1440, 2400);
}, 60_000);

const stations = () => pine.measurements.fairways.find((f) => f.holeNumber === 1)!.stations;
const ppm = () => hole1.sidecar.projection!.pixelsPerMeter;

describe('fairway-widths, profile', () => {
  it('without yardages draws every measured station at its measured width', () => {
    const overlay = resolveOne(hole1, { type: 'fairway-widths', measurement: 'profile' });
    const lines = ofKind(overlay, 'line');
    expect(lines).toHaveLength(stations().length);
    lines.forEach((line, i) => expect(distance(line.from, line.to) / (stations()[i].widthYards * YARD * ppm())).toBeCloseTo(1, 2));
    expect(ofKind(overlay, 'marker')).toHaveLength(2 * stations().length);
    expect(ofKind(overlay, 'label').map((l) => l.text)).toEqual(stations().map((s) => String(Math.round(s.widthYards))));
  });

  it('picks the nearest station per target and collapses repeats', () => {
    const all = stations().map((s) => s.stationYards);
    const nearest = (t: number) => all.reduce((a, b) => (Math.abs(b - t) < Math.abs(a - t) ? b : a));
    const targets = [204, 196, 333, 5];
    const expected = [...new Set(targets.map(nearest))].sort((a, b) => a - b);
    expect(expected.length).toBeLessThan(targets.length); // 204 and 196 both pick 200
    const overlay = resolveOne(hole1, { type: 'fairway-widths', measurement: 'profile', yardages: targets.join(',') });
    expect((overlay.presentation.stations as { yards: number }[]).map((s) => s.yards)).toEqual(expected);
    expect(ofKind(overlay, 'line')).toHaveLength(expected.length);
  });

  it('counts yardages from a named tee (case-insensitive) and labels the chosen side', () => {
    const red = pine.holes[0].tees.find((t) => t.teeSetId === 'red')!;
    const offset = nearestPointOnPolyline(pine.holes[0].centerline, red.center).alongMeters / YARD;
    expect(offset).toBeGreaterThan(30);
    const overlay = resolveOne(hole1, { type: 'fairway-widths', measurement: 'profile', from: 'rED', yardages: [200], style: { labelPosition: 'left' } });
    const [chosen] = overlay.presentation.stations as { yards: number }[];
    expect(Math.abs(chosen.yards - 200)).toBeLessThanOrEqual(5);
    expect(overlay.presentation.from).toEqual({ tee: 'Red' });
    const [line] = ofKind(overlay, 'line');
    const [label] = ofKind(overlay, 'label');
    // `from` is the left end: the label sits beyond it, away from the right end
    expect(distance(label.at, line.from)).toBeLessThan(distance(label.at, line.to));
    expect(() => resolveOne(hole1, { type: 'fairway-widths', from: 'Gold' })).toThrow(expect.objectContaining({ code: 'tee-not-found' }));
  });

  it('alternates label sides and uses the stroke style', () => {
    const overlay = resolveOne(hole1, {
      type: 'fairway-widths',
      measurement: 'profile',
      yardages: [150, 200, 250],
      style: { labelPosition: 'alternate', strokeStyle: 'dashed', strokeWidth: 2 },
    });
    const lines = ofKind(overlay, 'line');
    const labels = ofKind(overlay, 'label');
    expect(lines[0].stroke.dash).toEqual([6, 4]);
    const nearerEnd = (i: number) => (distance(labels[i].at, lines[i].to) < distance(labels[i].at, lines[i].from) ? 'right' : 'left');
    expect([0, 1, 2].map(nearerEnd)).toEqual(['right', 'left', 'right']);
  });
});

describe('fairway-widths, bearing', () => {
  it('defaults to the 220-260 carry window on a straight shot from the furthest tee', () => {
    const overlay = resolveOne(hole1, { type: 'fairway-widths' });
    const chosen = overlay.presentation.stations as { yards: number; widthYards: number }[];
    expect(chosen.length).toBeGreaterThan(0);
    for (const s of chosen) {
      expect(s.yards).toBeGreaterThanOrEqual(220);
      expect(s.yards).toBeLessThanOrEqual(260);
    }
    const tee = hole1.sidecar.anchors.tee!;
    const lines = ofKind(overlay, 'line');
    lines.forEach((line, i) => {
      const mid: [number, number] = [(line.from[0] + line.to[0]) / 2, (line.from[1] + line.to[1]) / 2];
      // sections lie across the shot: both ends about equally far in carry from the tee
      const carry = (p: [number, number]) => distance(p, tee) / ppm() / YARD;
      expect(Math.abs(carry(line.from) - carry(line.to))).toBeLessThan(chosen[i].widthYards * 0.25);
      expect(distance(line.from, line.to) / (chosen[i].widthYards * YARD * ppm())).toBeCloseTo(1, 1);
      expect(mid[0]).toBeGreaterThan(0);
      expect(mid[0]).toBeLessThan(1440);
    });
  });

  it('starts a bearing from coordinates and fails on a hole without fairway', async () => {
    const forward = pine.holes[0].tees.find((t) => t.teeSetId === 'white')!.center;
    const overlay = resolveOne(hole1, { type: 'fairway-widths', from: `${forward[0]},${forward[1]}`, yardages: [150] });
    expect(overlay.presentation.from).toBe('coordinates');
    expect(ofKind(overlay, 'line')).toHaveLength(1);
    const par3 = await renderContext(pine, `hole-${pine.holes.find((h) => h.par === 3)!.number}`, 1440, 2400);
    expect(() => resolveOne(par3, { type: 'fairway-widths' })).toThrow(expect.objectContaining({ code: 'fairway-missing' }));
    expect(() => resolveOne(par3, { type: 'fairway-widths', measurement: 'profile' })).toThrow(
      expect.objectContaining({ code: 'fairway-measurements-missing' }),
    );
  });
});
