import { Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';
import type { ArtifactStore } from '@caddie/artifacts';
import { JOB_RETENTION, SCORECARD_SWEEP_SCHEDULER_ID, type ScorecardSweepResult } from '@caddie/jobs';
import { RETENTION_SWEEP_INTERVAL_MS, sweepExpiredArtifacts } from '@caddie/scorecards';

/**
 * Deletes scorecard artifacts past their `retentionUntil`. It runs as a BullMQ job scheduler
 * with one id for the cluster: every worker upserts the same schedule at start, and each run is
 * one job that one worker takes, so the bucket or folder is swept once per interval.
 */
export class ArtifactRetention {
  private readonly logger = new Logger('ArtifactRetention');

  constructor(
    private readonly store: ArtifactStore,
    private readonly now: () => number = Date.now,
  ) {}

  static schedule(queue: Pick<Queue, 'upsertJobScheduler'>, everyMs = RETENTION_SWEEP_INTERVAL_MS): Promise<unknown> {
    return queue.upsertJobScheduler(
      SCORECARD_SWEEP_SCHEDULER_ID,
      { every: everyMs },
      {
        name: 'scorecard.sweep-artifacts',
        data: {},
        opts: { removeOnComplete: { age: JOB_RETENTION.completedAgeSeconds, count: 100 }, removeOnFail: { age: JOB_RETENTION.failedAgeSeconds } },
      },
    );
  }

  async sweep(): Promise<ScorecardSweepResult> {
    const result = await sweepExpiredArtifacts(this.store, new Date(this.now()));
    if (result.deletedFolders.length) this.logger.log(`deleted ${result.deletedObjects} expired scorecard artifact(s) in ${result.deletedFolders.join(', ')}`);
    return result;
  }
}
