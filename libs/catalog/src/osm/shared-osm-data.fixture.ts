/**
 * Test access to the real OSM extracts in ../shared/data/osm beside the repository root.
 * When the folder is absent (a bare clone), data-backed tests skip with a visible warning.
 */
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..', '..');
export const SHARED_OSM_DIR = path.resolve(REPO_ROOT, '..', 'shared', 'data', 'osm');

export function sharedOsmAvailable(): boolean {
  const available = existsSync(SHARED_OSM_DIR);
  if (!available) console.warn(`shared OSM test data not found at ${SHARED_OSM_DIR}: data-backed tests are skipped`);
  return available;
}

export function readSharedOsm(fileName: string): { name: string; content: Buffer } {
  return { name: fileName, content: readFileSync(path.join(SHARED_OSM_DIR, fileName)) };
}
