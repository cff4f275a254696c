import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { required } from './requirements';

/** The shared real data beside the repository (../shared/data), present in CI too. */
export const SHARED_DATA = join(__dirname, '..', '..', '..', 'shared', 'data');

export function sharedDataPath(...parts: string[]): string {
  return join(SHARED_DATA, ...parts);
}

/** `describe` when the shared data is there; otherwise a visible skip (a failure under CI). */
export function describeWithSharedData(what: string): jest.Describe {
  return required(`the shared data (${SHARED_DATA}) for ${what}`, existsSync(SHARED_DATA)) ? describe : describe.skip;
}
