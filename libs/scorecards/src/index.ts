export { ScorecardError, type ScorecardErrorCode } from './scorecard-errors';
export {
  NORMALIZATION_VERSIONS,
  DEFAULT_NORMALIZATION_VERSION,
  normalizationSchema,
  parseNormalizationVersion,
  type NormalizationVersion,
} from './normalization-versions';
export { isProductionCapture } from './production-captures';
export { sniffPhotoType, probePhoto, decodePhoto, MAX_DECODED_PIXELS, type PhotoType, type PhotoProbe } from './photo-decoder';
export { topologyNeutralRegions, type SemanticRegion, type TopologyNeutralRegions } from './semantic-regions';
export { assessPageQuality, type PageQuality, type MarkerEvidence, type QualityBand, type QualityWarning } from './page-quality';
export {
  encodeCanonicalPng,
  diagnosticBackdrop,
  drawMarkerDiagnostic,
  DIAGNOSTIC_MAX_SIDE,
  type EncodedImage,
  type DiagnosticBackdrop,
} from './artifact-encoding';
export { mapArtifactSlots, type ArtifactPair, type NormalizationIssue, type NormalizationWarning, type PageEvidence } from './response-bodies';
export { discoverPages, normalizePhoto, type DiscoveredPage, type NormalizePhotoOptions, type PageDiscovery, type PhotoNormalization } from './normalize-photo';
export {
  retentionUntil,
  scorecardArtifactFolder,
  artifactFolderExpiry,
  ARTIFACT_URL_TTL_SECONDS,
  RETENTION_SWEEP_INTERVAL_MS,
  SCORECARD_ARTIFACT_ROOT,
} from './retention';
export { sweepExpiredArtifacts, type RetentionSweep } from './retention-sweeper';
export * from './processing';
