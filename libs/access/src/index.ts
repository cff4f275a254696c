export * from './scopes';
export * from './api-key-format';
export * from './dataset-grants';
export * from './access-error';
export * from './api-key-registry';
