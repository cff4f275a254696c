// Printables: versioned templates (yardage books, green books, hole sheets, pin sheets, scorecards,
// course posters), compiled into a manifest with a Rule 4.3 report, rendered page by page to
// print-ready PDF (bleed, trim, crop marks, embedded fonts) and PNG, and packaged as one ZIP.
export { listTemplates, describeTemplate, type TemplateRef, type TemplateDescription, type TemplatePurpose } from './templates/template-catalog';
export { PAGE_SIZES, BLEED_IN, RULE_43_MIN_SCALE_DENOMINATOR, RULE_43_MAX_PAGE_IN, type PageSizeName } from './templates/page-sizes';
export { parsePrintableRequest, type PrintableRequest } from './compile/printable-request';
export {
  PrintableRequestError,
  PrintableDataMissingError,
  PrintableRuleViolationError,
  PrintableUnrenderableError,
  type PrintableParameterProblem,
} from './compile/printable-errors';
export { rasterProblems, MAX_PAGE_RASTER_PIXELS } from './compile/raster-plan';
export { PRINTABLE_MANIFEST_SCHEMA, type PrintableManifest, type ManifestPage, type PageKind, type Rule43PageReport } from './compile/printable-manifest';
export { compilePrintable } from './compile/compile-printable';
export { printableContentKey, PRINTABLES_VERSION } from './compile/content-key';
export { renderPrintablePage, type RenderedPrintablePage } from './render/render-printable-page';
export { assemblePrintable, pagePngName, PACKAGE_PDF_NAME, PACKAGE_MANIFEST_NAME, type PrintablePackage } from './assemble/assemble-printable';
export { previewPrintable, PREVIEW_DPI } from './assemble/preview-printable';
export { saddleStitchOrder } from './assemble/saddle-stitch';
export { SCALE_BAR_COLOR, SCALE_BAR_YARDS, GREEN_EDGE_COLOR } from './render/scale-bar';
export { greenOutline, STANDARD_GREEN_SCALES, type GreenOutline } from './compile/green-framing';
