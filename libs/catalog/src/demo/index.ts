export { generateDemoCourses, DEMO_COURSE_PLANS } from './demo-courses';
export { buildDemoCourse, DEMO_GROUND_RESOLUTION_METERS, DEMO_GREEN_RESOLUTION_METERS, DEMO_GREEN_BUFFER_METERS } from './demo-course-builder';
export type { DemoCoursePlan, HolePlan, TeeSetPlan, WaterPlan } from './demo-course-plan';
export { SeededRandom } from './seeded-random';
export { demoExamplePlaces, type DemoExamplePlaces } from './demo-example-places';
