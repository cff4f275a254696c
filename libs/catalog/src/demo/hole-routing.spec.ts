import { DEMO_COURSE_PLANS } from './demo-courses';
import { routeHoles } from './hole-routing';
import { distance } from './planar';

describe('routeHoles', () => {
  it.each(DEMO_COURSE_PLANS.map((plan) => [plan.id, plan] as const))('%s: plays the drawing at whole yards', (_, plan) => {
    for (const hole of routeHoles(plan.holes)) {
      const legs = hole.line.slice(1).reduce((sum, p, i) => sum + distance(hole.line[i], p), 0);
      expect(legs).toBeCloseTo(hole.yards * 0.9144, 6);
      expect(Number.isInteger(hole.yards)).toBe(true);
      // The tee and corners stay where the architect drew them; the green moves less than half a yard.
      expect(hole.tee).toEqual(hole.plan.tee);
      expect(hole.bends).toEqual(hole.plan.bends);
      expect(hole.corner).toEqual(hole.plan.bends[0] ?? null);
      expect(distance(hole.green, hole.plan.green)).toBeLessThan(0.5 * 0.9144);
      expect(hole.line).toEqual([hole.plan.tee, ...hole.plan.bends, hole.green]);
    }
  });
});
