// Graphics options: declaration, validation, normalization, documentation.
export * from './options/graphics-vocabulary';
export type * from './options/option-declaration';
export { CONTEXT_LAYER_NAMES, DEFAULT_RULES, MM_PER_INCH } from './options/option-declaration';
export { OUTPUT_DPI, PHYSICAL_SIZE_OPTIONS } from './options/output-options';
export { GRAPHICS_OPTIONS, graphicsOption } from './options/graphics-options';
export * from './options/style-options';
export * from './options/composition-options';
export * from './options/green-options';
export * from './options/profile-options';
export { CONTEXT_LAYER_OPTION } from './options/context-options';
export * from './options/graphics-request-error';
export * from './options/padding-shorthand';
export * from './options/course-style-context';
export * from './options/graphic-styling';
export * from './options/region-composition';
export * from './options/normalized-graphic-request';
export { parseGraphicsQuery, parseSubjectPath, GRAPHICS_SUBJECT_PATTERN } from './options/graphics-query-parser';
export { parseGraphicsBody } from './options/graphics-body-parser';
export { canonicalJson, artifactKey } from './options/artifact-key';
export { describeGraphicsOptions, GRAPHICS_OPTIONS_DOCUMENT_VERSION, subjectDefaultSizes, queryParametersFor } from './options/graphics-options-document';
export type { GraphicsOptionsDocument, GraphicsOptionDescription } from './options/graphics-options-document';
export { GRAPHICS_OPTIONS_DOCUMENT_SCHEMA, GRAPHICS_OPTIONS_DOCUMENT_SCHEMA_ID } from './options/graphics-options-document-schema';
export { graphicsQueryParameters, graphicsPathParameters, graphicsRequestBodySchema } from './options/openapi-documents';
export type { OpenApiParameter } from './options/openapi-documents';
export type { JsonSchema } from './options/option-json-schema';
// Overlay components of POST /renders/{renderId}/overlays: declaration and validation
// (resolution against a rendered artifact lives in @caddie/renderer).
export { OverlayRequestError, OverlayDataMissingError, OVERLAY_PROBLEM_CODES, type OverlayProblem, type OverlayProblemCode } from './overlays/overlay-errors';
export { parseOverlayItems, type OverlayItem, type OverlayItemOf } from './overlays/overlay-parser';
export { OVERLAY_SCHEMAS, type OverlayFields } from './overlays/overlay-schemas';
export { overlayItemJsonSchemas, overlayRequestJsonSchema } from './overlays/overlay-json-schema';
export { OVERLAY_ID_PATTERN, STROKE_STYLES, parseLonLatPair, type StrokeStyle, type ImageCorner } from './overlays/overlay-fields';
