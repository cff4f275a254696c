import { Injectable } from '@nestjs/common';
import { ApiConfig } from '../config/api-config';
import { ApiProblem } from '../problems/api-problem';

export type AdmissionKind = 'upload' | 'render';

/** Seconds a refused client is asked to wait: a slot frees as soon as one request of its kind ends. */
export const ADMISSION_RETRY_AFTER_SECONDS = 2;

/**
 * Per-process admission limits: how many scorecard uploads (each holds its photo in memory,
 * several copies while it is encoded and queued) and cache-missing renders (each holds a wait)
 * one API process serves at once. Over the limit the request is refused at once with 503
 * server-busy and Retry-After, before its body is read, so memory stays bounded under any load.
 */
@Injectable()
export class AdmissionGate {
  private readonly inUse: Record<AdmissionKind, number> = { upload: 0, render: 0 };
  private readonly limits: Record<AdmissionKind, number>;

  constructor(config: ApiConfig) {
    this.limits = { upload: config.env.MAX_CONCURRENT_UPLOADS, render: config.env.MAX_CONCURRENT_RENDERS };
  }

  /** Requests of this kind in progress now. */
  current(kind: AdmissionKind): number {
    return this.inUse[kind];
  }

  /** Runs `work` holding one slot of `kind`, or throws 503 server-busy when none is free. */
  async admit<T>(kind: AdmissionKind, work: () => Promise<T>): Promise<T> {
    if (this.inUse[kind] >= this.limits[kind]) {
      throw new ApiProblem('server-busy', `This API process is serving its limit of ${this.limits[kind]} concurrent ${kind}s; retry after Retry-After.`, {
        headers: { 'Retry-After': String(ADMISSION_RETRY_AFTER_SECONDS) },
      });
    }
    this.inUse[kind] += 1;
    try {
      return await work();
    } finally {
      this.inUse[kind] -= 1;
    }
  }
}
