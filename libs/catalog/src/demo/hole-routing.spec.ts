import { CEDAR_LINKS_PLAN } from './cedar-links-plan';
import { DEMO_COURSE_PLANS } from './demo-courses';
import { loopClosureMeters, routeHoles } from './hole-routing';
import { distance } from './planar';

describe('routeHoles', () => {
  it.each(DEMO_COURSE_PLANS.map((plan) => [plan.id, plan] as const))('%s: every loop ends near the clubhouse', (_, plan) => {
    const holes = routeHoles(plan.holes);
    const closures = loopClosureMeters(holes);
    expect(closures).toHaveLength(plan.holes.filter((h) => h.walk.fromClubhouse).length);
    for (const metres of closures) expect(metres).toBeLessThan(150);
    // Each loop also starts near it.
    for (const hole of holes.filter((h) => h.plan.walk.fromClubhouse)) expect(distance(hole.tee, [0, 0])).toBeLessThan(150);
  });

  it('lays each hole out at its authored length, heading and dogleg', () => {
    const holes = routeHoles(CEDAR_LINKS_PLAN.holes);
    for (const hole of holes) {
      const legs = hole.line.slice(1).reduce((sum, p, i) => sum + distance(hole.line[i], p), 0);
      expect(legs).toBeCloseTo(hole.plan.yards * 0.9144, 6);
      expect(hole.line).toHaveLength(hole.plan.dogleg ? 3 : 2);
      if (hole.plan.dogleg && hole.corner) {
        expect(distance(hole.tee, hole.corner)).toBeCloseTo(hole.plan.dogleg.atYards * 0.9144, 6);
      }
    }
    // Consecutive holes: the next back tee is a short walk from the previous green.
    for (let i = 1; i < holes.length; i++) expect(distance(holes[i - 1].green, holes[i].tee)).toBeLessThan(60);
  });
});
