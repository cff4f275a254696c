export { ScorecardError, type ScorecardErrorCode } from './scorecard-errors';
export {
  NORMALIZATION_VERSIONS,
  DEFAULT_NORMALIZATION_VERSION,
  normalizationSchema,
  parseNormalizationVersion,
  type NormalizationVersion,
} from './normalization-versions';
export { probePhoto, decodePhoto, type PhotoType, type PhotoProbe } from './photo-decoder';
export { type SemanticRegion, type TopologyNeutralRegions } from './semantic-regions';
export { type PageQuality, type MarkerEvidence, type QualityBand, type QualityWarning } from './page-quality';
export { encodeCanonicalPng, type EncodedImage, type DiagnosticBackdrop } from './artifact-encoding';
export { mapArtifactSlots, type ArtifactPair, type NormalizationIssue, type NormalizationWarning, type PageEvidence } from './response-bodies';
export { discoverPages, normalizePhoto, type DiscoveredPage, type NormalizePhotoOptions, type PageDiscovery, type PhotoNormalization } from './normalize-photo';
export { retentionUntil, scorecardArtifactFolder, ARTIFACT_URL_TTL_SECONDS, RETENTION_SWEEP_INTERVAL_MS } from './retention';
export { sweepExpiredArtifacts, type RetentionSweep } from './retention-sweeper';
export {
  type FieldDecision,
  fieldDecisionSchema,
  fieldPlan,
  type FieldPlan,
  HOLE_FIELDS,
  type HolePars,
  parseFieldValue,
  processingResponseV3Schema,
  processPhoto,
  roundDraft,
  sourcePixelsPerMm,
  TOTALS_FIELDS,
  type ValueRule,
} from './processing';
