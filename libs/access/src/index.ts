export { ALL_SCOPES, ORGANIZATION_SCOPES, type Scope, SCOPES } from './scopes';
export { generateKey, isPublishable, KEY_KINDS, type KeyKind, looksLikeKey } from './api-key-format';
export { ALWAYS_GRANTED, DATASET_KEYWORDS, type DatasetKeyword, expandDatasets } from './dataset-grants';
export { AccessError } from './access-error';
export { ApiKeyRegistry } from './api-key-registry';
