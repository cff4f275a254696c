import { courseRevision, generateDemoCourses, type Course } from '@caddie/catalog';

let courses: Course[] | null = null;

/** The demo courses, generated once per test file. */
export function demoCourse(id: 'demo-pine-hollow' | 'demo-cedar-links'): { course: Course; revision: string } {
  courses ??= generateDemoCourses();
  const course = courses.find((c) => c.id === id);
  if (!course) throw new Error(`no demo course ${id}`);
  return { course, revision: courseRevision(course) };
}
