// Graphics options: declaration, validation, normalization, documentation.
export {
  CHEVRON_CELL_METERS,
  DEFAULT_OUTPUT_SIZES,
  GRAPHIC_DIMENSION_RANGE,
  GRAPHIC_MAX_AREA_PIXELS,
  GRAPHIC_STYLES,
  GRAPHIC_SUBJECTS,
  type GraphicStyle,
  type GraphicSubjectType,
  IMAGE_CONTENT_TYPES,
  IMAGE_FORMATS,
  type ImageFormat,
  MAP_TILE_FORMATS,
  type MapTileFormat,
  OVERLAY_ITEMS_PER_REQUEST,
  OVERLAY_TYPES,
  type OverlayType,
} from './options/graphics-vocabulary';
export { OUTPUT_DPI } from './options/output-options';
export { graphicsOption } from './options/graphics-options';
export { BREAK_COLORS } from './options/green-options';
export { GraphicsRequestError } from './options/graphics-request-error';
export { type ImagePadding, type PaddingLength, parseImagePadding } from './options/padding-shorthand';
export { type CourseStyleContext } from './options/course-style-context';
export { COLORED_PENCIL_STYLING_DEFAULTS, type ColoredPencilStyling, PENCIL_STYLING_DEFAULTS, type PencilStyling } from './options/graphic-styling';
export { type RegionPoint } from './options/region-composition';
export { NORMALIZED_REQUEST_SCHEMA, type NormalizedGraphicRequest, type NormalizedStyle, type NormalizedSubject } from './options/normalized-graphic-request';
export { parseGraphicsQuery } from './options/graphics-query-parser';
export { parseGraphicsBody } from './options/graphics-body-parser';
export { canonicalJson, artifactKey } from './options/artifact-key';
export { describeGraphicsOptions, subjectDefaultSizes, queryParametersFor } from './options/graphics-options-document';
export type { GraphicsOptionsDocument, GraphicsOptionDescription } from './options/graphics-options-document';
export { GRAPHICS_OPTIONS_DOCUMENT_SCHEMA } from './options/graphics-options-document-schema';
export { graphicsQueryParameters, graphicsPathParameters, graphicsRequestBodySchema } from './options/openapi-documents';
export type { OpenApiParameter } from './options/openapi-documents';
export type { JsonSchema } from './options/option-json-schema';
// Overlay components of POST /renders/{renderId}/overlays: declaration and validation
// (resolution against a rendered artifact lives in @caddie/renderer).
export { OverlayRequestError, OverlayDataMissingError, type OverlayProblem, type OverlayProblemCode } from './overlays/overlay-errors';
export { parseOverlayItems, type OverlayItem, type OverlayItemOf } from './overlays/overlay-parser';
export { type OverlayFields } from './overlays/overlay-schemas';
export { overlayRequestJsonSchema } from './overlays/overlay-json-schema';
export { parseLonLatPair, type StrokeStyle, type ImageCorner } from './overlays/overlay-fields';
