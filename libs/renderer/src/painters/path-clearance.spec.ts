import { generateDemoCourses, type Course, type CourseFeature } from '@caddie/catalog';
import { parseGraphicsQuery } from '@caddie/styles';
import { createCanvas } from '@napi-rs/canvas';
import { paintGraphic } from '../render/render-graphic';
import { projectWithSidecar, type SpatialSidecar } from '../render/spatial-sidecar';

// Draw order: water, bunkers, greens and tees lie above cart paths. Each demo hole is painted
// with and without its cart paths; every pixel the paths change must lie off those surfaces.
const courses = generateDemoCourses();
const context = (c: Course) => ({ classification: c.classification, country: c.location.country, region: c.location.region });
const withoutPaths = new Map(courses.map((c) => [c.id, { ...c, features: c.features.filter((f) => f.properties.layer !== 'cart-paths') }]));
const SIZE = { width: '360', height: '600' };

/** 255 where a tee, green or bunker covers the pixel (anti-aliased edges below 255). */
function surfaceCoverage(course: Course, sidecar: SpatialSidecar, width: number, height: number): Uint8ClampedArray {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const surfaces = course.features.filter(
    (f: CourseFeature) => ['tees', 'greens', 'bunkers'].includes(f.properties.layer) && (f.geometry.type === 'Polygon' || f.geometry.type === 'MultiPolygon'),
  );
  ctx.beginPath();
  for (const f of surfaces) {
    const polygons = (f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates) as number[][][][];
    for (const ring of polygons.flat()) {
      ring.forEach(([lon, lat], i) => {
        const [x, y] = projectWithSidecar(sidecar, [lon, lat]);
        if (i === 0) ctx.moveTo(x, y);
        else ctx.lineTo(x, y);
      });
      ctx.closePath();
    }
  }
  ctx.fillStyle = '#fff';
  ctx.fill('nonzero');
  const data = ctx.getImageData(0, 0, width, height).data;
  const coverage = new Uint8ClampedArray(width * height);
  for (let i = 0; i < coverage.length; i++) coverage[i] = data[i * 4 + 3];
  return coverage;
}

describe('cart paths lie below tees, greens and bunkers', () => {
  const cases = courses.flatMap((course) =>
    course.holes.flatMap((hole) => ['traditional', 'colored-pencil'].map((style) => [course.id, hole.number, style] as const)),
  );
  it.each(cases)('%s hole %i, %s: no path pixel on a tee, green or bunker', (courseId, holeNumber, graphicStyle) => {
    const course = courses.find((c) => c.id === courseId)!;
    const request = parseGraphicsQuery(`hole-${holeNumber}`, 'png', { ...SIZE, graphicStyle }, context(course));
    const withPaths = paintGraphic(course, request);
    const bare = paintGraphic(withoutPaths.get(courseId)!, request);
    const { width, height } = request.output;
    const a = withPaths.canvas.getContext('2d').getImageData(0, 0, width, height).data;
    const b = bare.canvas.getContext('2d').getImageData(0, 0, width, height).data;
    const coverage = surfaceCoverage(course, withPaths.sidecar, width, height);
    let onSurfaces = 0;
    for (let i = 0; i < coverage.length; i++) {
      const o = i * 4;
      const changed = Math.max(Math.abs(a[o] - b[o]), Math.abs(a[o + 1] - b[o + 1]), Math.abs(a[o + 2] - b[o + 2])) > 24;
      if (!changed) continue;
      if (coverage[i] === 255) onSurfaces++;
    }
    expect(onSurfaces).toBe(0);
  });

  it('the demo holes do have cart paths next to those surfaces (the check above is not vacuous)', () => {
    const course = courses[0];
    const request = parseGraphicsQuery('hole-1', 'png', SIZE, context(course));
    const a = paintGraphic(course, request).canvas.getContext('2d').getImageData(0, 0, 360, 600).data;
    const b = paintGraphic(withoutPaths.get(course.id)!, request).canvas.getContext('2d').getImageData(0, 0, 360, 600).data;
    let changed = 0;
    for (let i = 0; i < a.length; i += 4) if (Math.abs(a[i] - b[i]) + Math.abs(a[i + 1] - b[i + 1]) + Math.abs(a[i + 2] - b[i + 2]) > 72) changed++;
    expect(changed).toBeGreaterThan(200);
  });
});
