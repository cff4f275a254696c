import type { Course } from '../model';
import { CEDAR_LINKS_PLAN } from './cedar-links-plan';
import { buildDemoCourse } from './demo-course-builder';
import { PINE_HOLLOW_PLAN } from './pine-hollow-plan';

export const DEMO_COURSE_PLANS = [PINE_HOLLOW_PLAN, CEDAR_LINKS_PLAN] as const;

/**
 * The demo catalog: an 18-hole private course in North Carolina and a 9-hole public course
 * in Oregon, synthetic but drawn in real coordinates. Deterministic: same output every run.
 */
export function generateDemoCourses(): Course[] {
  return DEMO_COURSE_PLANS.map((plan) => buildDemoCourse(plan));
}
