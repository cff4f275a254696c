import { haversineDistance, metersToYards } from '@caddie/geometry';
import { greenOutline } from '../compile/green-framing';
import { demoCourse } from '../testing/demo-course.fixture';
import { holeYardages, LAY_UP_DISTANCES } from './hole-yardages';
import { pinPaces } from './pin-paces';

describe('holeYardages', () => {
  const { course } = demoCourse('demo-pine-hollow');

  it('lists each tee set with the hole length the course data gives', () => {
    const hole = course.holes[0];
    const yardages = holeYardages(course, hole);
    expect(yardages.tees.map((t) => t.name)).toEqual(course.teeSets.map((s) => s.name));
    for (const tee of yardages.tees) expect(tee.yards).toBe(hole.tees.find((t) => t.teeSetId === tee.teeSetId)?.yards ?? null);
  });

  it('puts each lay-up point at its straight-line distance from the green centre, on par 4s and 5s only', () => {
    for (const hole of course.holes) {
      const yardages = holeYardages(course, hole);
      if (hole.par === 3) expect(yardages.layUps).toEqual([]);
      for (const layUp of yardages.layUps) {
        expect(LAY_UP_DISTANCES).toContain(layUp.distanceToCenter);
        expect(metersToYards(haversineDistance(layUp.point, yardages.green!.center))).toBeCloseTo(layUp.distanceToCenter, 0);
        expect(layUp.toGreen!.front).toBeLessThan(layUp.toGreen!.center);
        expect(layUp.toGreen!.center).toBeLessThan(layUp.toGreen!.back);
      }
    }
    expect(course.holes.some((h) => holeYardages(course, h).layUps.length >= 3)).toBe(true);
    // in metres the points sit at 100/150/… m
    const long = course.holes.find((h) => h.par === 5)!;
    const metric = holeYardages(course, long, 'meters');
    for (const layUp of metric.layUps) expect(haversineDistance(layUp.point, metric.green!.center)).toBeCloseTo(layUp.distanceToCenter, 0);
  });

  it('lists hazards in the order they are met, each with a number per tee or a place by the green', () => {
    let hazards = 0;
    for (const hole of course.holes) {
      const yardages = holeYardages(course, hole);
      const onLine = yardages.hazards.filter((h) => !h.greenside);
      const stations = onLine.map((h) => h.reachStationMeters!);
      expect(stations).toEqual([...stations].sort((a, b) => a - b));
      // greenside hazards come after those met on the way
      expect(yardages.hazards.slice(0, onLine.length)).toEqual(onLine);
      yardages.hazards.forEach((h, i) => {
        expect(h.label).toBe(String.fromCharCode(65 + i));
        expect(course.features.find((f) => f.id === h.featureId)!.properties.holeNumbers).toContain(hole.number);
        if (h.greenside) {
          expect(h.fromTees).toEqual([]);
          expect(h.greenside.endFromFront).toBeGreaterThanOrEqual(h.greenside.startFromFront);
        } else {
          expect(h.clearStationMeters!).toBeGreaterThanOrEqual(h.reachStationMeters!);
          expect(h.fromTees.map((t) => t.teeSetId)).toEqual(yardages.tees.map((t) => t.teeSetId));
          // forward tees are nearer: each carry shorter than the one from the tee behind
          const carries = h.fromTees.map((t) => t.carry).filter((c): c is number => c !== null);
          expect(carries).toEqual([...carries].sort((a, b) => b - a));
        }
      });
      hazards += yardages.hazards.length;
    }
    expect(hazards).toBeGreaterThan(10);
  });

  it('leaves out what the geometry cannot give: no play line, no carries or lay-ups', () => {
    const hole = { ...course.holes[0], centerline: [] };
    const yardages = holeYardages(course, hole);
    expect(yardages).toMatchObject({ hazards: [], layUps: [] });
    expect(yardages.tees.every((t) => t.stationMeters === null)).toBe(true);
  });
});

describe('pinPaces', () => {
  const { course } = demoCourse('demo-pine-hollow');

  it('counts paces on from the front edge and from the nearer side edge at that depth', () => {
    const outline = greenOutline(course, course.holes[0])!;
    // the centre of the green: on = front extent, sides at the centre row
    const centre = pinPaces(outline, [0, 0])!;
    expect(centre.on).toBe(Math.round(metersToYards(outline.extent.bottom)));
    const nearLeftEdge = pinPaces(outline, [-outline.extent.left * 0.5, 0])!;
    expect(nearLeftEdge.side).toBe('left');
    expect(nearLeftEdge.fromSide).toBeLessThan(centre.fromSide + 1);
    expect(pinPaces(outline, [outline.extent.right + 5, 0])).toBeNull();
  });
});
