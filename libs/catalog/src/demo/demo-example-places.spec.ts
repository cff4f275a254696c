import { haversineDistance, tileForLonLat, type LonLat } from '@caddie/geometry';
import type { Course } from '../model';
import { generateDemoCourses } from './demo-courses';
import { demoExamplePlaces } from './demo-example-places';

let courses: Course[];
beforeAll(() => {
  courses = generateDemoCourses();
});

const inside = ([lon, lat]: LonLat, [west, south, east, north]: number[]) => lon >= west && lon <= east && lat >= south && lat <= north;

describe('demoExamplePlaces (the API examples follow the generated courses)', () => {
  it.each(['demo-pine-hollow', 'demo-cedar-links'])('puts %s where the generator draws it', (courseId) => {
    const course = courses.find((c) => c.id === courseId)!;
    const places = demoExamplePlaces(courseId);
    expect(places.name).toBe(course.name);
    expect([places.location.longitude, places.location.latitude]).toEqual([course.location.longitude, course.location.latitude]);
    // the planned green is on the generated green (within a green's radius of its centre)
    for (const hole of course.holes) {
      const meters = Math.round(haversineDistance(places.greenCenter(hole.number), hole.greenCenter!));
      expect({ hole: hole.number, near: meters <= 20 }).toEqual({ hole: hole.number, near: true });
      expect(places.greenTile(hole.number, 17)).toEqual(tileForLonLat(places.greenCenter(hole.number), 17));
    }
    const frontNine = places.greensBBox(1, 9);
    for (const hole of course.holes.filter((h) => h.number <= 9))
      expect({ hole: hole.number, inside: inside(hole.greenCenter!, frontNine) }).toEqual({ hole: hole.number, inside: true });
    const back = course.holes.find((h) => h.number > 9);
    if (back) expect(inside(back.greenCenter!, places.greensBBox(1, 1))).toBe(false);
  });

  it('names what it does not know', () => {
    expect(() => demoExamplePlaces('demo-nowhere')).toThrow('no demo course demo-nowhere');
    expect(() => demoExamplePlaces('demo-pine-hollow').greenTile(40, 17)).toThrow('has no hole 40');
  });
});
