import { generateDemoCourses, type Course } from '@caddie/catalog';
import { CUP_DIAMETER_METERS } from './landmark-overlays';
import { distance, ofKind, renderContext, resolveOne } from './overlay-renders.fixture';
import type { OverlayContext } from './overlay-scene';

let pine: Course;
let hole1: OverlayContext;
const YARD = 0.9144;
const W = 1440;
const H = 2400;

beforeAll(async () => {
  [pine] = generateDemoCourses();
  hole1 = await renderContext(pine, 'hole-1', W, H);
}, 60_000);

const ppm = () => hole1.sidecar.projection!.pixelsPerMeter;
const anchors = () => hole1.sidecar.anchors;

describe('play-line components', () => {
  it('hole-centerline runs from the tee anchor to near the flag, with dash arrays in pixels', () => {
    const overlay = resolveOne(hole1, { type: 'hole-centerline', style: { strokeWidth: 4, strokeStyle: 'dash-dot', strokeColor: '#ff0000' } });
    const [line] = ofKind(overlay, 'polyline');
    expect(line.points).toHaveLength(pine.holes[0].centerline.length);
    expect(distance(line.points[0], anchors().tee!)).toBeLessThan(1);
    expect(distance(line.points[line.points.length - 1], anchors().flag!)).toBeLessThan(25);
    expect(line.stroke).toEqual({ color: '#FF0000', widthPixels: 4, opacity: 1, dash: [16, 8, 0, 8], lineCap: 'round' });
    for (const [x, y] of line.points) {
      expect(x).toBeGreaterThan(0);
      expect(x).toBeLessThan(W);
      expect(y).toBeGreaterThan(0);
      expect(y).toBeLessThan(H);
    }
    const dotted = ofKind(resolveOne(hole1, { type: 'hole-centerline', style: { strokeWidth: 3, strokeStyle: 'dotted' } }), 'polyline')[0];
    expect(dotted.stroke.dash).toEqual([0, 6]);
  });

  it('hole-spine goes tee -> authored dogleg -> flag', () => {
    const overlay = resolveOne(hole1, { type: 'hole-spine' });
    const [spine] = ofKind(overlay, 'polyline');
    expect(pine.holes[0].dogleg).not.toBeNull();
    expect(spine.points).toHaveLength(3);
    expect(distance(spine.points[0], anchors().tee!)).toBeLessThan(1);
    expect(distance(spine.points[2], anchors().flag!)).toBeLessThan(1);
    expect(ofKind(overlay, 'marker')).toHaveLength(3);
  });

  it('shot-dispersion centres its ellipse at the carry from the tee', () => {
    const overlay = resolveOne(hole1, { type: 'shot-dispersion', carryYards: 230, widthYards: 40, depthYards: 20 });
    const [ellipse] = ofKind(overlay, 'polyline');
    const [center] = ofKind(overlay, 'marker');
    expect(ellipse.closed).toBe(true);
    expect(ellipse.fill).toEqual({ color: '#FFFFFF', opacity: 0.25 });
    expect(distance(center.at, anchors().tee!) / (230 * YARD * ppm())).toBeCloseTo(1, 2);
    const spans = ellipse.points.map((p) => distance(p, center.at));
    expect(Math.max(...spans) / (20 * YARD * ppm())).toBeCloseTo(1, 1);
    expect(Math.min(...spans) / (10 * YARD * ppm())).toBeCloseTo(1, 1);
  });

  it('approach-markers sit on the play line at their distance from the green centre', () => {
    const overlay = resolveOne(hole1, { type: 'approach-markers', distances: [150, 100, 100] });
    const markers = ofKind(overlay, 'marker');
    expect(overlay.presentation.distances).toEqual([100, 150]);
    markers.forEach((m, i) => expect(distance(m.at, anchors().greenCenter!) / ([100, 150][i] * YARD * ppm())).toBeCloseTo(1, 2));
    expect(ofKind(overlay, 'label').map((l) => l.text)).toEqual(['100', '150']);
  });
});

describe('landmark components', () => {
  it('tee and flag markers sit on the sidecar anchors; a named tee uses its set colour', () => {
    const [tee] = ofKind(resolveOne(hole1, { type: 'tee' }), 'marker');
    expect(distance(tee.at, anchors().tee!)).toBeLessThan(1);
    expect(tee.fill.color).toBe('#111111'); // Black, the furthest set
    const red = ofKind(resolveOne(hole1, { type: 'tee', from: 'red', style: { shape: 'circle' } }), 'marker')[0];
    expect(red).toMatchObject({ shape: 'circle', fill: { color: '#C8102E' } });
    expect(distance(red.at, tee.at)).toBeGreaterThan(5);
    const [flag] = ofKind(resolveOne(hole1, { type: 'flag' }), 'marker');
    expect(flag.shape).toBe('flag');
    expect(distance(flag.at, anchors().flag!)).toBeLessThan(1);
  });

  it('cup has its true size unless smaller than the minimum', () => {
    const overlay = resolveOne(hole1, { type: 'cup', style: { minimumSize: 6 } });
    const [cup] = ofKind(overlay, 'circle');
    expect(cup.radiusPixels).toBeCloseTo(Math.max(CUP_DIAMETER_METERS * ppm(), 6) / 2, 2);
    expect(distance(cup.center, anchors().flag!)).toBeLessThan(1);
    const noPin: Course = { ...pine, holes: pine.holes.map((h) => (h.number === 1 ? { ...h, pin: null } : h)) };
    expect(() => resolveOne({ ...hole1, course: noPin }, { type: 'cup' })).toThrow(expect.objectContaining({ code: 'pin-missing' }));
  });

  it('approach-rings have true radii around the green centre', () => {
    const overlay = resolveOne(hole1, { type: 'approach-rings', distances: [100, 50] });
    const rings = ofKind(overlay, 'circle');
    expect(rings.map((r) => r.radiusPixels / (ppm() * YARD))).toEqual([expect.closeTo(50, 1), expect.closeTo(100, 1)]);
    for (const r of rings) expect(distance(r.center, anchors().greenCenter!)).toBeLessThan(1);
    const labels = ofKind(overlay, 'label');
    // labels face the tee: below the green on a portrait hole
    for (const l of labels) expect(l.at[1]).toBeGreaterThan(anchors().greenCenter![1]);
  });
});

describe('image components', () => {
  it('grids: lines inside the image, spaced by the yardage', () => {
    const overlay = resolveOne(hole1, { type: 'grids', spacingYards: 50, orientation: 'north' });
    const lines = ofKind(overlay, 'line');
    expect(lines.length).toBeGreaterThan(4);
    for (const line of lines) {
      for (const [x, y] of [line.from, line.to]) {
        expect(x).toBeGreaterThanOrEqual(-0.01);
        expect(x).toBeLessThanOrEqual(W + 0.01);
        expect(y).toBeGreaterThanOrEqual(-0.01);
        expect(y).toBeLessThanOrEqual(H + 0.01);
      }
    }
    expect(overlay.presentation.spacingPixels).toBeCloseTo(50 * YARD * ppm(), 1);
    expect(lines[0].stroke.opacity).toBe(0.5);
    expect(() => resolveOne(hole1, { type: 'grids', spacingYards: 5 })).not.toThrow();
  });

  it('teeboxes outline every tee of the hole in its set colour; the legend lists them longest first', () => {
    const boxes = ofKind(resolveOne(hole1, { type: 'teeboxes' }), 'polyline');
    const tees = pine.features.filter((f) => f.properties.layer === 'tees' && f.properties.holeNumbers.includes(1));
    expect(boxes).toHaveLength(tees.length);
    expect(new Set(boxes.map((b) => b.stroke.color))).toEqual(new Set(['#111111', '#1F4FD8', '#FFFFFF', '#C8102E']));
    const legend = resolveOne(hole1, { type: 'teeboxes-legend', position: 'top-left' });
    // Longest first: every set with the yardage the course data gives its tee on this hole.
    const hole = pine.holes[0];
    const yards = hole.tees.map((t) => t.yards as number);
    expect([...yards].sort((a, b) => b - a)).toEqual(yards);
    const names = hole.tees.map((t) => pine.teeSets.find((s) => s.id === t.teeSetId)!.name);
    expect(ofKind(legend, 'label').map((l) => l.text)).toEqual(names.map((name, i) => `${name} ${yards[i]}`));
    expect(names).toEqual(['Black', 'Blue', 'White', 'Red']);
    const labels = ofKind(legend, 'label');
    expect(labels[0].at[1]).toBeLessThan(labels[1].at[1]);
    expect(labels.every((l) => l.align === 'left' && l.at[0] < W / 2 && l.at[1] < H / 2)).toBe(true);
  });

  it('hole-number sits in the requested corner', () => {
    const overlay = resolveOne(hole1, { type: 'hole-number', position: 'bottom-right', style: { size: 40, margin: 10 } });
    const [badge] = ofKind(overlay, 'circle');
    const [label] = ofKind(overlay, 'label');
    expect(label.text).toBe('1');
    expect(badge.center).toEqual([W - 40, H - 40]);
    expect(label.at).toEqual(badge.center);
  });

  it('a course view applies the per-hole components to every hole', () => {
    const course: OverlayContext = { ...hole1, request: { ...hole1.request, subject: { type: 'course' } } };
    expect(ofKind(resolveOne(course, { type: 'hole-centerline' }), 'polyline')).toHaveLength(pine.holes.length);
    expect(ofKind(resolveOne(course, { type: 'hole-number' }), 'label').map((l) => l.text)).toEqual(pine.holes.map((h) => String(h.number)));
    expect(() => resolveOne(course, { type: 'green-measurements' })).toThrow(expect.objectContaining({ code: 'hole-subject-required' }));
  });
});
