// Printables: versioned templates (yardage books, green books, hole sheets, pin sheets, scorecards,
// course posters), compiled into a manifest with a Rule 4.3 report, rendered page by page to
// print-ready PDF (bleed, trim, crop marks, embedded fonts) and PNG, and packaged as one ZIP.
export { listTemplates, describeTemplate, type TemplateRef, type TemplateDescription, type TemplatePurpose } from './templates/template-catalog';
export { type PageSizeName } from './templates/page-sizes';
export { parsePrintableRequest, type PrintableRequest } from './compile/printable-request';
export {
  PrintableRequestError,
  PrintableDataMissingError,
  PrintableRuleViolationError,
  PrintableUnrenderableError,
  type PrintableParameterProblem,
} from './compile/printable-errors';
export { MAX_PAGE_RASTER_PIXELS } from './compile/raster-plan';
export { type PrintableManifest, type ManifestPage, type PageKind, type Rule43PageReport } from './compile/printable-manifest';
export { compilePrintable } from './compile/compile-printable';
export { printableContentKey } from './compile/content-key';
export { renderPrintablePage, type RenderedPrintablePage } from './render/render-printable-page';
export { assemblePrintable, type PrintablePackage } from './assemble/assemble-printable';
export { previewPrintable } from './assemble/preview-printable';
export { SCALE_BAR_COLOR, SCALE_BAR_YARDS } from './render/scale-bar';
export { greenOutline, type GreenOutline } from './compile/green-framing';
