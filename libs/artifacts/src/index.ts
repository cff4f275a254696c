export { type ArtifactStore, type ObjectHead, type StoredObject } from './artifact-store';
export { LocalDiskArtifactStore } from './local-disk-store';
export { S3ArtifactStore } from './s3-store';
export { createArtifactStore } from './create-artifact-store';
export { decodeArtifactToken, encodeArtifactToken, signArtifact, verifyArtifactSignature } from './url-signing';
