import type { Provider } from '@nestjs/common';
import { createArtifactStore } from '@caddie/artifacts';
import { ApiConfig } from '../config/api-config';

export const ARTIFACT_STORE = Symbol('ARTIFACT_STORE');

export const artifactStoreProvider: Provider = {
  provide: ARTIFACT_STORE,
  inject: [ApiConfig],
  useFactory: (config: ApiConfig) => createArtifactStore(config.env),
};
