/**
 * The fixed vocabulary of the graphics generator: styles, subjects, output formats, default
 * sizes and the numeric limits that are not the range of one option.
 */

export const GRAPHIC_STYLES = ['traditional', 'pencil', 'colored-pencil'] as const;
export type GraphicStyle = (typeof GRAPHIC_STYLES)[number];

/** Pencil and Colored Pencil share the "unpatterned, hand-drawn" rules. */
export const PENCIL_STYLES: readonly GraphicStyle[] = ['pencil', 'colored-pencil'];

export const GRAPHIC_SUBJECTS = ['hole', 'green', 'course', 'profile-elevation', 'hole-region'] as const;
export type GraphicSubjectType = (typeof GRAPHIC_SUBJECTS)[number];

/** Subjects drawn as a plan view of the course (everything but the side-view profile). */
export const MAP_SUBJECTS: readonly GraphicSubjectType[] = ['hole', 'green', 'course', 'hole-region'];
/** Subjects framed around one hole's play line; `hole-region` is a hole view framed by two points. */
export const HOLE_VIEW_SUBJECTS: readonly GraphicSubjectType[] = ['hole', 'hole-region'];

export const IMAGE_FORMATS = ['webp', 'png', 'jpeg'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

export const IMAGE_CONTENT_TYPES: Record<ImageFormat, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpeg: 'image/jpeg',
};

/**
 * Map tile encodings: `webp` lossless (the default, as the spec defines it), `webp-lossy` at the
 * renderer's WEBP_TILE_QUALITY (about a quarter of the bytes, no difference to see at 1x or 2x),
 * and `png`. Declared here, below the renderer, so the job contract (@caddie/jobs) can name them
 * without importing the renderer.
 */
export const MAP_TILE_FORMATS = ['webp', 'webp-lossy', 'png'] as const;
export type MapTileFormat = (typeof MAP_TILE_FORMATS)[number];

export const HOLE_LAYOUTS = ['portrait', 'landscape'] as const;
export type HoleLayout = (typeof HOLE_LAYOUTS)[number];

export interface OutputSize {
  width: number;
  height: number;
}

/** Limits table "Default sizes". `hole-region` uses the hole sizes (it is a hole view). */
export const DEFAULT_OUTPUT_SIZES = {
  holePortrait: { width: 1440, height: 2400 },
  holeLandscape: { width: 2400, height: 1440 },
  green: { width: 1200, height: 1200 },
  profileElevation: { width: 1600, height: 600 },
  course: { width: 2400, height: 1600 },
} as const satisfies Record<string, OutputSize>;

export function defaultOutputSize(subject: GraphicSubjectType, layout: HoleLayout): OutputSize {
  switch (subject) {
    case 'hole':
    case 'hole-region':
      return layout === 'landscape' ? DEFAULT_OUTPUT_SIZES.holeLandscape : DEFAULT_OUTPUT_SIZES.holePortrait;
    case 'green':
      return DEFAULT_OUTPUT_SIZES.green;
    case 'profile-elevation':
      return DEFAULT_OUTPUT_SIZES.profileElevation;
    case 'course':
      return DEFAULT_OUTPUT_SIZES.course;
  }
}

export const GRAPHIC_DIMENSION_RANGE = { min: 320, max: 8000 } as const;
/** 32 megapixels, decimal mega. */
export const GRAPHIC_MAX_AREA_PIXELS = 32_000_000;
export const OVERLAY_ITEMS_PER_REQUEST = { min: 1, max: 64 } as const;
export const FAIRWAY_WIDTH_YARDAGES = { minItems: 1, maxItems: 12, min: 1, max: 800 } as const;
/** Hole numbers beyond this are certainly not a golf hole; existence is checked against the catalog later. */
export const MAX_HOLE_NUMBER = 999;

/** Overlay component types a render receipt may authorize (GraphicRenderDescriptor). */
export const OVERLAY_TYPES = [
  'hole-centerline',
  'hole-spine',
  'shot-dispersion',
  'tee',
  'flag',
  'cup',
  'approach-rings',
  'approach-markers',
  'grids',
  'green-elevation-heatmap',
  'green-downhill-arrows',
  'green-measurements',
  'fairway-widths',
  'fairway-downhill-chevrons',
  'teeboxes',
  'teeboxes-legend',
  'hole-number',
] as const;
export type OverlayType = (typeof OVERLAY_TYPES)[number];
/** Sampling cell of each fairway-chevron preset, metres (spec overlay table). */
export const CHEVRON_CELL_METERS = { large: 9, medium: 6, small: 3 } as const;
export const CHEVRON_PRESETS = ['auto', 'large', 'medium', 'small'] as const;
/** Elevation-profile receipts authorize no overlay components. */
export const SUBJECTS_WITHOUT_OVERLAYS: readonly GraphicSubjectType[] = ['profile-elevation'];
