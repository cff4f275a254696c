/**
 * Test access to the real OSM extracts in ../shared/data/osm beside the repository root.
 * The specs pass `sharedOsmAvailable()` to test/support/requirements.ts, which prints the skip
 * (or fails under CI) when the folder is absent.
 */
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..', '..');
export const SHARED_OSM_DIR = path.resolve(REPO_ROOT, '..', 'shared', 'data', 'osm');

export function sharedOsmAvailable(): boolean {
  return existsSync(SHARED_OSM_DIR);
}

export function readSharedOsm(fileName: string): { name: string; content: Buffer } {
  return { name: fileName, content: readFileSync(path.join(SHARED_OSM_DIR, fileName)) };
}
