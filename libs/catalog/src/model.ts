/**
 * The course catalog model: what one catalog snapshot of one course layout holds.
 * Importers (OpenStreetMap, DEM) and the demo generator produce it; the database stores it;
 * the course endpoints, renderer, tile builder and printables read it.
 *
 * Coordinates are WGS84 [longitude, latitude] everywhere (RFC 7946 order).
 * Distances are metres unless a name says yards or feet.
 */
import type { Feature, LineString, MultiLineString, MultiPolygon, Point, Polygon } from 'geojson';
import type { ElevationGridData } from '@caddie/geometry';

export type LonLat = [number, number];
/** [west, south, east, north] */
export type BBox = [number, number, number, number];

/** Geometry layers, one per `geometry.*` dataset keyword of the spec. */
export const GEOMETRY_LAYERS = [
  'course-boundary',
  'hole-boundaries',
  'fairways',
  'greens',
  'tees',
  'centerlines',
  'bunkers',
  'water',
  'waste',
  'cart-paths',
  'trees',
  'buildings',
  'roads',
  'parking',
  'land-surfaces',
  'other',
] as const;
export type GeometryLayer = (typeof GEOMETRY_LAYERS)[number];

export interface FeatureSource {
  /** e.g. 'osm', 'demo' */
  kind: string;
  /** source object id, e.g. 'way/871993734', 'relation/123', 'demo:hole-3:green' */
  id: string;
}

export interface CourseFeatureProperties {
  layer: GeometryLayer;
  /** holes this feature belongs to; empty for context features (roads, buildings, course boundary) */
  holeNumbers: number[];
  /**
   * Finer classification inside the layer, as tagged at the source:
   * water: 'water_hazard' | 'lateral_water_hazard' | 'natural_water';
   * roads/cart-paths: the highway class ('service', 'footway', 'residential', …) or 'cartpath';
   * trees: 'tree' | 'wood' | 'tree_row'; land-surfaces: 'rough' | 'grass' | 'sand' | …
   */
  kind: string | null;
  name: string | null;
  /** tee set id, for features of the `tees` layer when known */
  teeSetId?: string | null;
  /** the source marks the feature out of play ('unused', 'temporary'): drawn, never measured */
  usage?: FeatureUsage | null;
  source: FeatureSource;
}

export type FeatureUsage = 'unused' | 'temporary';

export type CourseGeometry = Polygon | MultiPolygon | LineString | MultiLineString | Point;
export type CourseFeature = Feature<CourseGeometry, CourseFeatureProperties> & { id: string };

export interface CourseLocation {
  city: string | null;
  region: string | null;
  /** ISO 3166-1 alpha-2 when known */
  country: string | null;
  longitude: number | null;
  latitude: number | null;
}

export interface TeeSet {
  id: string;
  name: string;
  /** '#RRGGBB' or null when the source does not say */
  color: string | null;
}

/**
 * How a length was obtained: `source` (a tag of the source data, named in `detail`, e.g.
 * 'dist:white') or `measured` from geometry (the method in `detail`, see YARDAGE_METHODS).
 */
export interface LengthOrigin {
  kind: 'source' | 'measured';
  detail: string;
}

export interface HoleTee {
  teeSetId: string | null;
  featureId: string;
  center: LonLat;
  /** playing length from this tee along the centerline, yards */
  yards: number | null;
  /** how `yards` was obtained; absent on courses built before origins were recorded (read as measured) */
  yardsOrigin?: LengthOrigin;
  /** set when the tee lies farther than TEE_OFF_LINE_METERS beside the hole line (its length is then doubtful) */
  offLineMeters?: number;
}

export interface Hole {
  number: number;
  name: string | null;
  /** null when the source has no par: never invented */
  par: number | null;
  /** stroke index; `handicapsByTeeSet` when it differs per tee set */
  handicap: number | null;
  handicapsByTeeSet: Record<string, number>;
  /** play line from the furthest tee to the green, tee first */
  centerline: LonLat[];
  /** authored dogleg point of the furthest tee, when the source has one (never inferred) */
  dogleg: LonLat | null;
  tees: HoleTee[];
  greenFeatureId: string | null;
  greenCenter: LonLat | null;
  pin: LonLat | null;
  /** bounds of every feature assigned to the hole plus its centerline */
  bounds: BBox;
  /** machine-readable notes: 'direction-reversed', 'par-missing', 'handicap-missing', 'green-missing', 'tee-missing', … */
  flags: string[];
}

/**
 * A regular elevation grid in WGS84 degrees (declared once, in libs/geometry, with its cell-centre
 * convention). Row 0 is the northern edge; `values[row * width + col]` in metres, null without data.
 */
export type ElevationGrid = ElevationGridData;

export interface CourseElevation {
  /** course-wide ground model (coarse) */
  ground: ElevationGrid | null;
  /** fine putting-surface grids (about 1 yard), keyed by hole number */
  greens: Record<string, ElevationGrid>;
  /** canopy heights above ground where known */
  trees: ElevationGrid | null;
}

export interface GreenMeasurement {
  holeNumber: number;
  /** along the approach line (from the point 100 yards back), yards */
  depthYards: number;
  /** widest extent perpendicular to the approach line, yards */
  widthYards: number;
  front: LonLat;
  center: LonLat;
  back: LonLat;
  areaSquareMeters: number;
}

export interface FairwayWidthStation {
  /** distance from the furthest tee along the centerline, yards */
  stationYards: number;
  widthYards: number;
  left: LonLat;
  right: LonLat;
}

export interface FairwayMeasurement {
  holeNumber: number;
  stations: FairwayWidthStation[];
}

export interface ProvenanceSource {
  kind: 'osm' | 'srtm' | 'geotiff' | 'demo' | string;
  name: string;
  license: string;
  attribution: string;
  /** source object ids this course was built from (boundary, relations) */
  ids: string[];
  /**
   * The source's date: the newest edit among the objects the course was built from (ISO 8601;
   * OSM XML timestamps). The data shows the course as mapped then. Absent when the source has no dates.
   */
  lastEdited?: string;
}

export interface Inference {
  /** what the inference is about: 'hole 7', 'feature way/123', 'course' */
  subject: string;
  /** what was inferred or fixed, e.g. 'hole number from name "Dołek nr 4"' */
  what: string;
  /** how: the rule used */
  how: string;
}

export interface Provenance {
  sources: ProvenanceSource[];
  inferences: Inference[];
  /** facts the source lacks that a user might expect (par missing on 18 holes, no elevation, …) */
  missing: string[];
}

/**
 * How much of the course the source maps. `status` is 'complete' when every expected hole is
 * mapped with a green and a tee, 'partial' otherwise, 'unknown' when nothing says how many holes
 * to expect and none is mapped.
 */
export interface CourseCompleteness {
  status: 'complete' | 'partial' | 'unknown';
  holesMapped: number;
  /** null when no source says how many holes the course has */
  holesExpected: number | null;
  /** where `holesExpected` comes from: a tag ('holes'), or 'highest-hole-number' (rounded up to 9 or 18) */
  holesExpectedFrom: string | null;
  holesMissing: number[];
  holeLinesWithoutNumber: number;
  holesWithoutGreen: number[];
  holesWithoutTee: number[];
}

export interface CourseQuality {
  completeness: CourseCompleteness;
  /** course-level quality flags, e.g. 'partial', 'boundary-inferred' (see docs/data.md "Quality flags") */
  flags: string[];
}

export interface Course {
  /** canonical course layout id, lowercase `[a-z0-9-]`, e.g. 'osm-way-871993734', 'demo-pine-hollow' */
  id: string;
  name: string;
  location: CourseLocation;
  /** trimmed lowercased classification when known: 'private', 'public', 'resort', … */
  classification: string | null;
  active: boolean;
  teeSets: TeeSet[];
  holes: Hole[];
  features: CourseFeature[];
  elevation: CourseElevation;
  measurements: { greens: GreenMeasurement[]; fairways: FairwayMeasurement[] };
  contact: Record<string, unknown> | null;
  amenities: Record<string, unknown> | null;
  operations: Record<string, unknown> | null;
  editorial: { course: unknown; holes: unknown; greens: unknown; operations: unknown } | null;
  media: { images: unknown[]; videos: unknown[] };
  provenance: Provenance;
  /** completeness and course-level flags; importers set it, `courseQuality` derives it otherwise */
  quality?: CourseQuality;
}

/** Canonical course id pattern; anything else is malformed (422 at the API). */
export const COURSE_ID_PATTERN = /^[a-z0-9][a-z0-9-]{1,95}$/;
