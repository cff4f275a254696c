import type { ServiceId } from '../http/operation.decorator';

/** The four catalog entries of `GET /v1/services`; their endpoint lists come from the routes served. */
export const SERVICE_CATALOG: Record<ServiceId, { name: string; status: 'beta' | 'production'; description: string }> = {
  'course-graphics': {
    name: 'Course Graphics',
    status: 'beta',
    description:
      'Configurable finished imagery: hole, green, full-course and side-view elevation-profile graphics, with overlay components resolved against a rendered artifact.',
  },
  'course-maps': {
    name: 'Course Maps',
    status: 'beta',
    description: 'North-up Web Mercator XYZ raster tiles, pre-rendered PMTiles archives, bounded static images.',
  },
  'course-printables': {
    name: 'Printables',
    status: 'production',
    description: 'Yardage sheets and packaged printable assets from a versioned template.',
  },
  scorecards: {
    name: 'Scorecard normalization and handwriting extraction',
    status: 'beta',
    description:
      'Normalizes photographs of printed scorecards (perspective correction, printed design identity, canonical image, registered geometry) and extracts handwriting with explicit review decisions.',
  },
};
