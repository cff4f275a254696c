import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { RedisClient } from '@caddie/jobs';
import { ApiConfig } from '../platform/config/api-config';
import { AdmissionGate } from '../platform/http/admission-gate';
import { operatorHeaderName } from '../platform/http/operation.decorator';
import { ApiProblem } from '../platform/problems/api-problem';
import { isProblemCode } from '../platform/problems/problem-catalog';
import { REDIS } from '../platform/redis/redis.module';
import { IdempotencyStore, IdempotencyUnavailableError, isValidIdempotencyKey, type IdempotencyRecord } from '../platform/idempotency/idempotency-store';
import { inProgressRetryAfterSeconds, ProcessingDurations } from './processing-durations';
import { PROCESSING_WORKER_CODES } from './processing-problems';
import { PROCESSING_VERSION, PROCESSING_VERSION_HEADER } from './scorecard-headers';
import { ScorecardImageSource } from './scorecard-image-source';
import { readScorecardRequest, type ScorecardRequestInput } from './scorecard-request-reader';
import { WORKER_REPORTABLE_CODES } from './scorecard-problems';
import { ScorecardJobError, ScorecardQueue } from './scorecard-queue';
import { UsageMeter, UsageMeterUnavailableError } from './usage-meter';

export const METERED_SCOPE = 'scorecards:process';
/** How long a running record's owner may take beyond the request deadline before it counts as gone. */
const LEASE_GRACE_MS = 30_000;

export interface ProcessAnswer {
  body: Record<string, unknown>;
  /** true when the stored result of an earlier identical request was returned */
  replayed: boolean;
}

/**
 * POST /v1/scorecards/process: normalization plus handwriting, at most once per
 * Idempotency-Key. Order: headers, input, idempotency claim, image checks, the worker job,
 * then replay-size check, one usage unit, and the replay record. Every failure before the
 * unit is recorded releases the claim (the same key may retry), except an outcome that
 * cannot be known, which pins the key to 409 scorecard-processing-outcome-unknown.
 */
@Injectable()
export class ProcessingService {
  private readonly logger = new Logger('ScorecardProcessing');
  private readonly idempotency: IdempotencyStore;
  private readonly durations = new ProcessingDurations();

  constructor(
    private readonly config: ApiConfig,
    private readonly queue: ScorecardQueue,
    private readonly meter: UsageMeter,
    private readonly images: ScorecardImageSource,
    private readonly admission: AdmissionGate,
    @Inject(REDIS) redis: RedisClient,
  ) {
    this.idempotency = new IdempotencyStore(redis, config.env.REDIS_PREFIX, 'process');
  }

  get versionHeader(): string {
    return operatorHeaderName(PROCESSING_VERSION_HEADER.name, this.config.operatorToken);
  }

  process(request: FastifyRequest): Promise<ProcessAnswer> {
    return this.admission.admit('upload', () => this.processAdmitted(request));
  }

  private async processAdmitted(request: FastifyRequest): Promise<ProcessAnswer> {
    const startedAt = Date.now();
    const version = request.headers[this.versionHeader];
    if (version !== undefined && String(version).trim() !== String(PROCESSING_VERSION)) {
      throw new ApiProblem(
        'scorecard-processing-version-incompatible',
        `${this.versionHeader} ${JSON.stringify(String(version).slice(0, 20))} is not served: every production design is processed with version ${PROCESSING_VERSION} (omit the header or send ${PROCESSING_VERSION}).`,
      );
    }
    const idempotencyKey = request.headers['idempotency-key'];
    if (!isValidIdempotencyKey(idempotencyKey)) {
      throw new ApiProblem('invalid-idempotency-key', 'Send an Idempotency-Key header of 8 to 128 visible ASCII characters (one per logical photo request).');
    }
    const principal = request.principal!;
    const input = await readScorecardRequest(request);
    const fingerprint = inputFingerprint(input, PROCESSING_VERSION);
    const scope = principal.organizationId;
    const requestId = String(request.id);

    const claim = await this.idempotent(() =>
      this.idempotency.begin(scope, idempotencyKey, fingerprint, requestId, this.queue.timing.processDeadlineMs + LEASE_GRACE_MS),
    );
    if (claim.kind === 'existing') return this.answerExisting(claim.record, fingerprint);
    const record = claim.record;
    const release = () =>
      this.idempotency.release(scope, idempotencyKey, record).catch((error) => this.logger.warn(`idempotency release failed: ${(error as Error).message}`));

    let result;
    try {
      const bytes = await this.images.bytes(input.image);
      result = await this.queue.run('scorecard.process', { imageBase64: bytes.toString('base64'), requestId }, startedAt + this.queue.timing.processDeadlineMs);
      this.durations.record(Date.now() - startedAt);
    } catch (error) {
      if (error instanceof ScorecardJobError && isOutcomeUnknown(error)) {
        await this.idempotency.markUnknown(scope, idempotencyKey, record).catch(() => undefined);
        throw outcomeProblem(error);
      }
      await release();
      throw error instanceof ScorecardJobError ? outcomeProblem(error) : error;
    }

    const body = {
      requestId,
      courseId: input.metadata.courseId,
      teeBox: input.metadata.teeBox,
      identifier: input.metadata.identifier,
      ...result.body,
    };
    const stored = { status: 200, body };
    if (this.idempotency.storedSize(record, stored) > this.queue.timing.maxReplayBytes) {
      await release();
      throw new ApiProblem('scorecard-response-too-large', 'The result is larger than a replay record may be, so it was neither delivered nor metered.');
    }
    try {
      await this.meter.record(record.recordId, principal, METERED_SCOPE, requestId);
    } catch (error) {
      if (!(error instanceof UsageMeterUnavailableError)) throw error;
      this.logger.error(error.message);
      await release();
      throw new ApiProblem('usage-meter-unavailable', 'The usage unit could not be recorded, so the result was not delivered; retry with the same key.', {
        headers: { 'Retry-After': '5' },
      });
    }
    const kept = await this.idempotency.complete(scope, idempotencyKey, record, stored).catch(() => false);
    if (!kept) {
      // Without a replay record a retry would read and meter again: take the unit back and fail.
      await this.meter
        .withdraw(record.recordId)
        .catch((error) => this.logger.error(`usage unit ${record.recordId} could not be withdrawn: ${(error as Error).message}`));
      await release();
      throw new ApiProblem(
        'scorecard-idempotency-unavailable',
        'The result could not be stored for replay, so it was not delivered; retry with the same key after backoff.',
        {
          headers: { 'Retry-After': '5' },
        },
      );
    }
    return { body, replayed: false };
  }

  private answerExisting(record: IdempotencyRecord, fingerprint: string): ProcessAnswer {
    if (record.fingerprint !== fingerprint) {
      throw new ApiProblem('idempotency-key-conflict', 'This Idempotency-Key was already used with a different image, metadata or processing version.');
    }
    if (record.state === 'done' && record.result) return { body: record.result.body as Record<string, unknown>, replayed: true };
    const now = Date.now();
    if (record.state === 'unknown' || record.leaseUntil < now) {
      throw new ApiProblem(
        'scorecard-processing-outcome-unknown',
        'An earlier request with this key may have read the handwriting, but no result was stored. Do not create a new key automatically.',
      );
    }
    const retryAfter = inProgressRetryAfterSeconds(record.createdAt, record.leaseUntil - LEASE_GRACE_MS, this.durations.typicalMs(), now);
    throw new ApiProblem(
      'scorecard-processing-in-progress',
      'A request with this Idempotency-Key is still running; resend the same key and exact input after Retry-After.',
      {
        headers: { 'Retry-After': String(retryAfter) },
      },
    );
  }

  private async idempotent<T>(operation: () => Promise<T>): Promise<T> {
    try {
      return await operation();
    } catch (error) {
      if (!(error instanceof IdempotencyUnavailableError)) throw error;
      throw new ApiProblem('scorecard-idempotency-unavailable', 'The idempotency store is unavailable; retry with the same key after backoff.', {
        headers: { 'Retry-After': '5' },
      });
    }
  }
}

/** sha256 over what makes two requests the same logical request. */
export function inputFingerprint(input: ScorecardRequestInput, version: number): string {
  const image = input.image.method === 'multipart' ? { sha256: createHash('sha256').update(input.image.bytes).digest('hex') } : { url: input.image.url };
  return createHash('sha256')
    .update(JSON.stringify({ version, metadata: input.metadata, image }))
    .digest('hex');
}

function isOutcomeUnknown(error: ScorecardJobError): boolean {
  const { outcome } = error;
  return (outcome.kind === 'deadline' && outcome.started) || (outcome.kind === 'failed' && outcome.failure.code === 'scorecard-processing-outcome-unknown');
}

function outcomeProblem(error: ScorecardJobError): ApiProblem {
  const { outcome } = error;
  const retry = { 'Retry-After': '5' };
  switch (outcome.kind) {
    case 'queue-unavailable':
      return new ApiProblem('scorecard-processing-unavailable', 'The scorecard queue is unavailable; retry with the same key shortly.', { headers: retry });
    case 'no-worker':
      return new ApiProblem('scorecard-processing-unavailable', 'No scorecard worker is running; retry with the same key shortly.', { headers: retry });
    case 'crashed':
      return new ApiProblem('scorecard-processing-unavailable', 'The scorecard worker failed unexpectedly; retry with the same key.', { headers: retry });
    case 'deadline':
      return outcome.started
        ? new ApiProblem(
            'scorecard-processing-deadline-exceeded',
            'The reading did not finish within the request deadline and may still complete; this key now answers 409 scorecard-processing-outcome-unknown.',
            {
              extras: { retryWithSameKey: false },
            },
          )
        : new ApiProblem(
            'scorecard-processing-deadline-exceeded',
            'No scorecard worker started the request within its deadline; nothing was read. Retry with the same key.',
            {
              headers: retry,
              extras: { retryWithSameKey: true },
            },
          );
    case 'failed': {
      const { code, detail } = outcome.failure;
      if (isProblemCode(code) && (PROCESSING_WORKER_CODES.has(code) || (WORKER_REPORTABLE_CODES.has(code) && code !== 'scorecard-normalization-unavailable'))) {
        return new ApiProblem(code, detail, code.endsWith('-unavailable') ? { headers: retry } : {});
      }
      return new ApiProblem('scorecard-processing-unavailable', detail, { headers: retry });
    }
  }
}
