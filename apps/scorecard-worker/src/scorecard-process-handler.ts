import { Logger } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import type { WorkerEnv } from '@caddie/config';
import { FiducialError, OpenCvUnavailableError } from '@caddie/fiducials';
import { HandwritingProviderError, HttpVisionProvider, LocalDigitReader, type HandwritingProvider } from '@caddie/handwriting';
import { encodeScorecardFailure, type ScorecardProcessPayload, type ScorecardProcessResult } from '@caddie/jobs';
import { decodePhoto, processPhoto, ScorecardError } from '@caddie/scorecards';

function fail(code: string, detail: string): UnrecoverableError {
  return new UnrecoverableError(encodeScorecardFailure({ code, detail }));
}

/** What each provider failure means for the client (spec "Processing-only errors"). */
const PROVIDER_FAILURES: Record<HandwritingProviderError['code'], string> = {
  'provider-unavailable': 'scorecard-processing-unavailable',
  'provider-outcome-unknown': 'scorecard-processing-outcome-unknown',
  'provider-invalid-response': 'scorecard-extraction-failed',
  'provider-misconfigured': 'scorecard-processing-configuration-invalid',
};

/**
 * Builds the configured handwriting provider. A configuration that cannot work is reported
 * per request (503 scorecard-processing-configuration-invalid) rather than stopping the
 * worker, so normalization keeps working while processing is misconfigured.
 */
export function createHandwritingProvider(env: WorkerEnv): HandwritingProvider {
  if (env.SCORECARD_READER === 'local') return new LocalDigitReader();
  const problems: string[] = [];
  let url: URL | undefined;
  try {
    url = new URL(env.SCORECARD_VISION_URL ?? '');
    if (url.protocol !== 'https:' && url.protocol !== 'http:') problems.push('SCORECARD_VISION_URL must be an http(s) URL');
  } catch {
    problems.push('SCORECARD_VISION_URL is missing or not a URL');
  }
  if (!env.SCORECARD_VISION_API_KEY) problems.push('SCORECARD_VISION_API_KEY is missing');
  if (problems.length) throw new HandwritingProviderError('provider-misconfigured', problems.join('; '));
  return new HttpVisionProvider({
    url: url!.toString().replace(/\/$/, ''),
    apiKey: env.SCORECARD_VISION_API_KEY!,
    model: env.SCORECARD_VISION_MODEL,
    timeoutMs: env.SCORECARD_VISION_TIMEOUT_MS,
    acceptThreshold: env.SCORECARD_VISION_ACCEPT_CONFIDENCE,
  });
}

/**
 * The `scorecard.process` job: decode, find and normalize the pages, read their handwriting,
 * decide. Nothing is stored: the process response carries no artifacts. Work whose request
 * deadline has passed is not started.
 */
export class ScorecardProcessHandler {
  private readonly logger = new Logger('ScorecardProcessor');
  private provider?: HandwritingProvider;
  /** Settles once the local reader's network is loaded and its runtime logged (tests wait on it). */
  runtimeLogged?: Promise<void>;

  constructor(
    private readonly env: WorkerEnv,
    /** Called once per request whose cells reached the handwriting provider. */
    private readonly onReading: (cells: number) => Promise<void> = async () => undefined,
    private readonly now: () => number = Date.now,
    private readonly providerFactory: (env: WorkerEnv) => HandwritingProvider = createHandwritingProvider,
  ) {}

  async handle(payload: ScorecardProcessPayload): Promise<ScorecardProcessResult> {
    if (this.now() > payload.deadline) throw fail('scorecard-processing-unavailable', 'the request deadline passed before a worker started it');
    const provider = this.handwritingProvider();
    try {
      const image = await decodePhoto(Buffer.from(payload.imageBase64, 'base64'));
      const signal = AbortSignal.timeout(Math.max(1, payload.deadline - this.now()));
      const { body, readCells } = await processPhoto(image, provider, { requestId: payload.requestId, signal });
      if (readCells > 0) await this.onReading(readCells).catch(() => undefined);
      return { body, readCells };
    } catch (error) {
      if (error instanceof HandwritingProviderError) {
        await this.onReading(0).catch(() => undefined);
        throw fail(PROVIDER_FAILURES[error.code], `handwriting provider: ${error.message}`);
      }
      if (error instanceof FiducialError || error instanceof ScorecardError) {
        const code: string = error.code;
        throw fail(code === 'scorecard-normalization-unavailable' ? 'scorecard-processing-unavailable' : code, error.message);
      }
      if (error instanceof OpenCvUnavailableError) throw fail('scorecard-processing-unavailable', 'the marker detector is unavailable');
      this.logger.error(`processing failed: ${(error as Error).stack ?? error}`);
      throw fail('scorecard-extraction-failed', 'handwriting extraction failed unexpectedly; retry with the same key');
    }
  }

  /**
   * Says once which runtime the local reader's networks run on: a platform where onnxruntime-node
   * cannot load reads correctly on the TypeScript forward pass, but several times slower, and
   * that should be visible in the worker's log. A model that fails to load is reported by the
   * reading itself, per request.
   */
  private async logRuntime(reader: LocalDigitReader): Promise<void> {
    try {
      await reader.ready();
    } catch {
      return;
    }
    if (reader.runtime === 'typescript')
      this.logger.warn('the local digit reader runs on the TypeScript forward pass (onnxruntime-node did not load here): reading is several times slower');
    else this.logger.log(`the local digit reader runs on ${reader.runtime}`);
  }

  private handwritingProvider(): HandwritingProvider {
    try {
      if (!this.provider) {
        this.provider = this.providerFactory(this.env);
        if (this.provider instanceof LocalDigitReader) this.runtimeLogged = this.logRuntime(this.provider);
      }
      return this.provider;
    } catch (error) {
      const detail = error instanceof HandwritingProviderError ? error.message : `the handwriting provider could not be loaded: ${(error as Error).message}`;
      this.logger.error(`scorecard processing is misconfigured: ${detail}`);
      throw fail('scorecard-processing-configuration-invalid', detail);
    }
  }
}
