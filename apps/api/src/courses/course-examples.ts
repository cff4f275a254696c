/** Worked examples of the course operations for the API document (demo course values). */
import type { OperationExample } from '../platform/http/operation.decorator';

const COURSE = 'demo-pine-hollow';
const location = { city: 'Pine Hollow', region: 'Minnesota', country: 'United States', longitude: -93.2651, latitude: 44.9778 };

export const COURSE_EXAMPLES = {
  directory: {
    summary: 'The two demo courses',
    responses: {
      200: {
        courses: [
          { id: 'demo-cedar-links', name: 'Cedar Links (demo)', location: { ...location, city: 'Cedar Links', longitude: -93.2102, latitude: 44.9401 } },
          { id: COURSE, name: 'Pine Hollow (demo)', location },
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
        name: 'Pine Hollow (demo)',
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
          identity: { id: COURSE, name: 'Pine Hollow (demo)', holeCount: 18 },
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
    summary: 'Courses near Minneapolis',
    parameters: { longitude: '-93.2651', latitude: '44.9778' },
    responses: {
      200: {
        origin: { longitude: -93.2651, latitude: 44.9778 },
        radiusMiles: 10,
        limit: 10,
        courses: [{ id: COURSE, name: 'Pine Hollow (demo)', location, distanceMiles: 0.4 }],
      },
    },
  },
} satisfies Record<string, OperationExample>;
