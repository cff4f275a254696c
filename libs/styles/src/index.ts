// Graphics options: declaration, validation, normalization, documentation.
export * from './options/graphics-vocabulary';
export type * from './options/option-declaration';
export { CONTEXT_LAYER_NAMES, DEFAULT_RULES } from './options/option-declaration';
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
export { describeGraphicsOptions, GRAPHICS_OPTIONS_DOCUMENT_VERSION } from './options/graphics-options-document';
export type { GraphicsOptionsDocument, GraphicsOptionDescription } from './options/graphics-options-document';
export { GRAPHICS_OPTIONS_DOCUMENT_SCHEMA, GRAPHICS_OPTIONS_DOCUMENT_SCHEMA_ID } from './options/graphics-options-document-schema';
export { graphicsQueryParameters, graphicsPathParameters, graphicsRequestBodySchema } from './options/openapi-documents';
export type { OpenApiParameter } from './options/openapi-documents';
export type { JsonSchema } from './options/option-json-schema';
export { registerFonts, font, FONT_FAMILY } from './fonts/register-fonts';
// Graphics renderer: composition, painters, render pipeline, encoding, spatial sidecar.
export { RENDERER_VERSION } from './render/renderer-version';
export { renderGraphic, paintGraphic, type RenderedGraphic, type PaintedGraphic } from './render/render-graphic';
export { projectWithSidecar, unprojectWithSidecar, SPATIAL_SIDECAR_SCHEMA, SidecarProjectionError, type SpatialSidecar, type SidecarProjection } from './render/spatial-sidecar';
export { GraphicDataMissingError, type GraphicDataMissingCode } from './render/graphic-data-missing-error';
export { encodeRgba, checkOutputSize, OutputSizeError, type GraphicContentType, type EncodeSettings } from './render/image-encoder';
export { ViewTransform, similarityThrough, mapViewMatrix, type AffineMatrix } from './composition/view-transform';
export type { Composition, Overflow, PixelBox } from './composition/framing';
// Map tiles and static maps (course-maps service).
export * from './tiles';
// Overlay components: validation and resolution against a rendered artifact's sidecar.
export * from './overlays';
export { buildPuttingSurface, puttingSurfaceStatistics, type PuttingSurfaceStatistics } from './green-data';
