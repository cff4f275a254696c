export { loadOpenCv, withCvScope, OpenCvUnavailableError, type OpenCv } from './open-cv-runtime';
export { toGrey, type PixelImage, type GreyImage, type Point } from './pixel-image';
export { MARKER_MODULES, type MarkerModules } from './marker-dictionary';
export { detectMarkers, type DetectedMarker, type MarkerDetection, type DetectMarkersOptions } from './marker-detector';
export { type MarkerSignal } from './marker-sampling';
export { fitHomography, applyHomography, invertHomography, multiplyHomographies, type Homography } from './homography';
export {
  MAX_FIT_RESIDUAL_PER_MARKER_SIDE,
  type CaptureRegistration,
  type RegisteredPage,
  type MatchedMarker,
  type QuadCorners,
  type RegistrationFailure,
} from './page-registration';
export { groupPages, MAX_RETAINED_BIT_ERRORS, type PageGrouping, type GroupingIssue, type GroupingIssueCode, type PageDiscovery } from './page-grouping';
export { type DesignCode, type PanelCode, type PageCapture, type HoleCellName, type PageLayout, type RectMm } from './design-layout';
export {
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
  REVISION_MANIFEST_HASH,
  findDesign,
  findCapture,
  isProductionRoutable,
  processorFor,
  type DesignDefinition,
  type CaptureDefinition,
  type MarkerAssignment,
} from './design-catalog';
export { type CheckedIdentity } from './identity-checksum';
export { formatIdentityLabel, type PrintedIdentity, type PrintedIdentityInput, type DecodeOptions } from './printed-identity';
export { registerLabelFont, LABEL_FONT_FAMILY, LabelFontUnavailableError } from './label-font';
export { type LabelReading, type LabelCharacter } from './label-reader';
export { warpToCanonical, type CanonicalWarpOptions } from './canonical-warp';
export { readPageIdentity, type PageIdentity } from './page-identity';
export { renderCaptureSurface, type RenderCaptureOptions } from './capture-renderer';
export { FiducialError, RegistrationMarkersIncompleteError, DesignUnreadableError, type FiducialErrorCode } from './fiducial-errors';
export { renderPrintableCard, renderCardRaster, type PrintableCard, type PrintableCardOptions } from './cards/printable-card';
