/** Worked examples of the course operations for the API document (demo course values). */
import { demoExamplePlaces } from '@caddie/catalog';
import type { OperationExample } from '../platform/http/operation.decorator';

// the demo courses as they are drawn, so a nearby search from the example point finds them
const pine = demoExamplePlaces('demo-pine-hollow');
const cedar = demoExamplePlaces('demo-cedar-links');
const COURSE = pine.courseId;
const location = pine.location;

export const COURSE_EXAMPLES = {
  directory: {
    summary: 'The two demo courses',
    responses: {
      200: {
        courses: [
          { id: cedar.courseId, name: cedar.name, location: cedar.location },
          { id: COURSE, name: pine.name, location },
        ],
      },
    },
  },
  summary: {
    summary: 'An 18-hole course',
    parameters: { courseId: COURSE },
    responses: {
      200: {
        id: COURSE,
        name: pine.name,
        location,
        holeCount: 18,
        holes: Array.from({ length: 18 }, (_, i) => ({ number: i + 1, available: true })),
        services: {
          graphics: { available: true, delivery: 'generated-on-demand' },
          courseMap: { available: true, delivery: 'pre-rendered-pmtiles' },
          staticMapImages: { available: true, delivery: 'pre-rendered-pmtiles' },
        },
      },
    },
  },
  data: {
    summary: 'Identity and greens of hole 7; elevations not granted',
    parameters: { courseId: COURSE, include: 'identity,geometry.greens,elevations.ground', holes: '7' },
    responses: {
      200: {
        courseId: COURSE,
        revision: 'sha256:3a1f5c7e9b0d2f4a6c8e1b3d5f7a9c0e2b4d6f8a1c3e5b7d9f0a2c4e6b8d1f3a',
        data: {
          identity: { id: COURSE, name: pine.name, holeCount: 18 },
          geometry: { greens: { type: 'FeatureCollection', features: [] } },
          elevations: { ground: { status: 'denied', reason: 'not-granted', detail: 'this key has no grant for elevations.ground' } },
        },
        meta: {
          complete: false,
          requestedDatasets: ['identity', 'geometry.greens', 'elevations.ground'],
          returnedDatasets: ['identity', 'geometry.greens'],
          todoDatasets: [],
          deniedDatasets: ['elevations.ground'],
          requestedHoles: [7],
          resolvedHoles: [7],
          spatialFilter: { method: 'hole-bounds', contextBufferMeters: 50 },
        },
      },
    },
  },
  nearby: {
    summary: `Courses near ${pine.location.city}, ${pine.location.region}`,
    parameters: { longitude: String(pine.location.longitude), latitude: String(pine.location.latitude) },
    responses: {
      200: {
        origin: { longitude: pine.location.longitude, latitude: pine.location.latitude },
        radiusMiles: 10,
        limit: 10,
        courses: [{ id: COURSE, name: pine.name, location, distanceMiles: 0 }],
      },
    },
  },
} satisfies Record<string, OperationExample>;
