export * from './model';
export { canonicalJson, courseRevision } from './course-revision';
export { importOsm, type OsmImportOptions, type OsmImportProgress, type OsmImportResult, type OsmInput } from './osm/osm-importer';
export type { CourseImportReport, LayerCount, UnplacedFeatures } from './osm/import-report';
export { OsmImportError, type OsmImportErrorCode } from './osm/osm-import.error';
export { detectOsmFormat, parseOsmInput, type ParsedInput } from './osm/osm-parser';
export { readOsmPbf, isGolfObject, type PbfProgress } from './osm/osm-pbf-reader';
export type { OsmInputFormat, TaggedFeature } from './osm/tagged-feature';
export { classifyFeature, type LayerClass } from './osm/layer-classification';
export { parseHoleName, parseHoleRef, type ParsedHoleName } from './osm/hole-numbering';
export { decideHoleDirection, type DirectionDecision, type DirectionEvidence } from './osm/hole-direction';
// the demo generator and the measurements are owned beside the importer; one public surface
export * from './demo';
export * from './measure';
export { attachGroundElevation, GROUND_MARGIN_METERS, keepStoredGroundElevation, rasterBounds } from './pipeline/course-elevation';
export * from './quality';
