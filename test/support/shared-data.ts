import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** The shared real data beside the repository (../shared/data), present in CI too. */
export const SHARED_DATA = join(__dirname, '..', '..', '..', 'shared', 'data');

export function sharedDataPath(...parts: string[]): string {
  return join(SHARED_DATA, ...parts);
}

/** `describe` when the shared data is there; otherwise a visible skip. */
export function describeWithSharedData(what: string): jest.Describe {
  if (existsSync(SHARED_DATA)) return describe;
  console.warn(`skip: ${what} needs ../shared/data, which is absent`);
  return describe.skip;
}
