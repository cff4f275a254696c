export {
  type BBox,
  type Course,
  COURSE_ID_PATTERN,
  type CourseFeature,
  type CourseGeometry,
  type ElevationGrid,
  type GeometryLayer,
  type GreenMeasurement,
  type Hole,
  type HoleTee,
  type LonLat,
  type TeeSet,
} from './model';
export { canonicalJson, courseRevision } from './course-revision';
export { importOsm, type OsmImportOptions, type OsmImportProgress, type OsmImportResult, type OsmInput } from './osm/osm-importer';
export type { CourseImportReport, LayerCount, UnplacedFeatures } from './osm/import-report';
export { OsmImportError, type OsmImportErrorCode } from './osm/osm-import.error';
export { parseOsmInput, type ParsedInput } from './osm/osm-parser';
export { readOsmPbf, type PbfProgress } from './osm/osm-pbf-reader';
export type { OsmInputFormat, TaggedFeature } from './osm/tagged-feature';
export { type LayerClass } from './osm/layer-classification';
export { type ParsedHoleName } from './osm/hole-numbering';
export { type DirectionDecision, type DirectionEvidence } from './osm/hole-direction';
// the demo generator and the measurements are owned beside the importer; one public surface
export { buildDemoCourse, DEMO_COURSE_PLANS, demoExamplePlaces, generateDemoCourses, SeededRandom } from './demo';
export {
  FAIRWAY_STATION_INTERVAL_YARDS,
  FAIRWAY_STATION_SNAP_METERS,
  findHoleFairways,
  findHoleGreen,
  greenApproachPoint,
  measureCourse,
  measureGreen,
  MeasurementError,
  teeSetLengths,
  teeSetTotals,
  YARDAGE_BASIS,
} from './measure';
export { attachGroundElevation, keepStoredGroundElevation, rasterBounds } from './pipeline/course-elevation';
export { qualityOf } from './quality';
