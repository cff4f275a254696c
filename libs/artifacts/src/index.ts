export * from './artifact-store';
export * from './local-disk-store';
export * from './s3-store';
export * from './create-artifact-store';
export * from './url-signing';
