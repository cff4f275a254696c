import type { ArtifactStore } from '@caddie/artifacts';
import { artifactFolderExpiry, SCORECARD_ARTIFACT_ROOT } from './retention';

export interface RetentionSweep {
  /** Folders whose deletion time had come, each removed with every object in it. */
  deletedFolders: string[];
  deletedObjects: number;
  /** Folders still within retention. */
  keptFolders: number;
}

/**
 * Deletes every scorecard artifact whose `retentionUntil` is at or before `now`, folder by
 * folder; younger folders and folders it does not recognize are left alone.
 */
export async function sweepExpiredArtifacts(store: ArtifactStore, now: Date): Promise<RetentionSweep> {
  const sweep: RetentionSweep = { deletedFolders: [], deletedObjects: 0, keptFolders: 0 };
  for (const folder of await store.listFolders(SCORECARD_ARTIFACT_ROOT)) {
    const expiry = artifactFolderExpiry(folder);
    if (!expiry) continue;
    if (expiry.getTime() > now.getTime()) {
      sweep.keptFolders++;
      continue;
    }
    sweep.deletedObjects += await store.deleteFolder(folder);
    sweep.deletedFolders.push(folder);
  }
  return sweep;
}
