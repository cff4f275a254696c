export { loadOpenCv, withCvScope, OpenCvUnavailableError, type OpenCv } from './open-cv-runtime';
export { toGrey, sampleBilinear, PixelImageError, type PixelImage, type GreyImage, type Point } from './pixel-image';
export {
  MARKER_FAMILY,
  MARKER_MODULES,
  MARKER_DATA_BITS,
  MarkerDictionary,
  MarkerIdError,
  loadMarkerDictionary,
  markerBits,
  renderMarker,
  type MarkerModules,
} from './marker-dictionary';
export { detectMarkers, quadCenter, DEFAULT_MAX_DETECTION_SIDE, type DetectedMarker, type MarkerDetection, type DetectMarkersOptions } from './marker-detector';
export { refineCorner } from './corner-refinement';
export { measureMarker, type MarkerSignal } from './marker-sampling';
export { fitHomography, applyHomography, invertHomography, multiplyHomographies, type Homography } from './homography';
export {
  registerCapture,
  foreshortening,
  canonicalPoint,
  markerCanonicalCorners,
  MAX_FIT_RESIDUAL_PER_MARKER_SIDE,
  MIN_FORESHORTENING,
  type CaptureRegistration,
  type RegisteredPage,
  type MatchedMarker,
  type QuadCorners,
  type RegistrationFailure,
} from './page-registration';
export {
  groupPages,
  MAX_PAGES_PER_PHOTO,
  MAX_RETAINED_BIT_ERRORS,
  type PageGrouping,
  type GroupingIssue,
  type GroupingIssueCode,
  type PageDiscovery,
} from './page-grouping';
export {
  HOLE_CELL_NAMES,
  DESIGN_PROFILES,
  type DesignCode,
  type PanelCode,
  type PageCapture,
  type HoleCellName,
  type PageLayout,
  type RectMm,
} from './design-layout';
export {
  CAPTURE_TOPOLOGIES,
  CANONICAL_PIXELS_PER_MM,
  type CaptureTopology,
  type MarkerRole,
  type MarkerKind,
  type MarkerPlacement,
  type Box,
  type CapturePage,
  type HoleRegion,
  type DesignRegions,
  type CaptureGeometry,
} from './capture-geometry';
export {
  DESIGN_CATALOG,
  DESIGN_CATALOG_REVISION,
  PRODUCTION_ROLLOUT,
  FIDUCIAL_FAMILY,
  REVISION_MANIFEST_HASH,
  findDesign,
  findCapture,
  assignMarker,
  isProductionRoutable,
  processorFor,
  type DesignDefinition,
  type CaptureDefinition,
  type MarkerAssignment,
} from './design-catalog';
export { canonicalJson, sha256Digest } from './canonical-json';
export { IDENTITY_ALPHABET, CHECK_SYMBOLS, MAX_CORRECTIONS, computeCheck, verifyCheck, type CheckedIdentity } from './identity-checksum';
export {
  formatIdentityLabel,
  decodeIdentityLabel,
  COURSE_CODE_LENGTH,
  type PrintedIdentity,
  type PrintedIdentityInput,
  type DecodeOptions,
} from './printed-identity';
export { renderLabel, drawLabelText, registerLabelFont, LABEL_FONT_FAMILY, LabelFontUnavailableError } from './label-font';
export { readLabel, LABEL_GLYPHS, type LabelReading, type LabelCharacter } from './label-reader';
export { warpToCanonical, type CanonicalWarpOptions } from './canonical-warp';
export { readPageIdentity, MIN_LABEL_SOURCE_HEIGHT_PX, type PageIdentity } from './page-identity';
export { renderCaptureSurface, type RenderCaptureOptions } from './capture-renderer';
export {
  FiducialError,
  RegistrationMarkersIncompleteError,
  PerspectiveInvalidError,
  CaptureAmbiguousError,
  DesignUnreadableError,
  DesignUnknownError,
  DesignDisabledError,
  DesignContradictoryError,
  type FiducialErrorCode,
} from './fiducial-errors';
export { renderPrintableCard, renderCardRaster, PrintableCardError, PRINT_DPI, type PrintableCard, type PrintableCardOptions } from './cards/printable-card';
export { courseCodeFor } from './cards/course-code';
