import { Global, Module, type INestApplicationContext, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import sharp from 'sharp';
import { loadEnv, workerEnvSchema } from '@caddie/config';
import { ScorecardWorkerModule } from '../../apps/scorecard-worker/src/scorecard-worker.module';
import { SCORECARD_TIMING, type ScorecardTiming } from '../../apps/api/src/scorecards/scorecard-timing';
import { looseLabelOnPage, photograph, placeCard, type PlacedCard } from '../../libs/scorecards/src/testing/photo-scenes';
import { TEST_REDIS_URL, type ApiHarness } from '../support/api-harness';

/** A global module giving the scorecards module other request deadlines (a number: the normalize deadline). */
export function scorecardDeadline(timing: number | Partial<ScorecardTiming>): Type {
  const value = typeof timing === 'number' ? { normalizeDeadlineMs: timing } : timing;
  @Global()
  @Module({ providers: [{ provide: SCORECARD_TIMING, useValue: value }], exports: [SCORECARD_TIMING] })
  class ScorecardDeadlineModule {}
  return ScorecardDeadlineModule;
}

/** A real scorecard worker in this process, on the API's Redis prefix and artifact folder. */
export async function startScorecardWorker(api: ApiHarness, extraEnv: Record<string, string> = {}): Promise<INestApplicationContext> {
  const env = loadEnv(workerEnvSchema, {
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: api.config.env.REDIS_PREFIX,
    DATA_DIR: api.config.env.DATA_DIR,
    LOG_LEVEL: 'silent',
    WORKER_CONCURRENCY: '1',
    ...extraEnv,
  });
  const worker = await NestFactory.createApplicationContext(ScorecardWorkerModule.forRoot(env), { logger: false });
  await worker.init();
  return worker;
}

/** A JPEG of one printed card photographed at a slight angle. */
export async function cardJpeg(captureId: string, size = { width: 1800, height: 1350 }): Promise<Buffer> {
  const card = await placeCard(
    captureId,
    { center: { x: size.width / 2, y: size.height / 2 }, widthPx: Math.min(size.width, size.height) * 0.7, tiltDegrees: 15, rotationDegrees: 4 },
    { courseCode: 'K7M2Q' },
  );
  return sceneJpeg([card], size);
}

/** A JPEG of one page with a loose identity label of another card lying on it. */
export async function looseLabelJpeg(): Promise<Buffer> {
  return sceneJpeg(await looseLabelOnPage());
}

async function sceneJpeg(cards: PlacedCard[], size?: { width: number; height: number }): Promise<Buffer> {
  const photo = await photograph(cards, size);
  return sharp(photo.data, { raw: { width: photo.width, height: photo.height, channels: photo.channels } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

export interface MultipartPart {
  name: string;
  value: string | Buffer;
  filename?: string;
  contentType?: string;
}

export function multipart(parts: MultipartPart[], boundary = '----caddie-test-boundary'): { payload: Buffer; headers: Record<string, string> } {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.contentType ? `Content-Type: ${part.contentType}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head), Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function imageUpload(bytes: Buffer, fields: Record<string, string> = {}, contentType = 'image/jpeg') {
  return multipart([...Object.entries(fields).map(([name, value]) => ({ name, value })), { name: 'image', value: bytes, filename: 'card.jpg', contentType }]);
}
