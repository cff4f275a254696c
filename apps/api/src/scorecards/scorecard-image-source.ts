import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { probePhoto, ScorecardError } from '@caddie/scorecards';
import { ApiProblem } from '../platform/problems/api-problem';
import { createImageFetchDispatcher, fetchImageUrl } from './image-url-fetcher';
import type { ScorecardImageInput } from './scorecard-request-reader';

/**
 * The photo of a scorecard request as checked bytes: the uploaded part, or the download of
 * the image URL through one address-checking connection pool per API process. The bytes are
 * probed (type, completeness, decoded size) before any worker sees them.
 */
@Injectable()
export class ScorecardImageSource implements OnApplicationShutdown {
  private readonly dispatcher = createImageFetchDispatcher();

  async onApplicationShutdown(): Promise<void> {
    await this.dispatcher.close().catch(() => undefined);
  }

  async bytes(image: ScorecardImageInput): Promise<Buffer> {
    const bytes = image.method === 'multipart' ? image.bytes : await fetchImageUrl(image.url, this.dispatcher);
    try {
      await probePhoto(bytes);
    } catch (error) {
      if (error instanceof ScorecardError) throw new ApiProblem(error.code, error.message);
      throw error;
    }
    return bytes;
  }
}
