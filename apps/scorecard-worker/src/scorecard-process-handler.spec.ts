import { Logger } from '@nestjs/common';
import { workerEnvSchema } from '@caddie/config';
import { decodeScorecardFailure } from '@caddie/jobs';
import { LocalDigitReader } from '@caddie/handwriting';
import { ScorecardProcessHandler } from './scorecard-process-handler';

jest.setTimeout(30_000);

const env = workerEnvSchema.parse({ SCORECARD_READER: 'local' });
const payload = { requestId: 'req-1', imageBase64: Buffer.from('not an image').toString('base64'), deadline: Date.now() + 60_000 } as never;

async function runtimeLog(runtime: 'onnxruntime' | 'typescript') {
  const info = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
  const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  try {
    const handler = new ScorecardProcessHandler(env, undefined, undefined, () => new LocalDigitReader({ runtime }));
    // The photo is refused, but the reader was created for it and says what it runs on.
    const error = await handler.handle(payload).catch((e: Error) => e);
    expect(decodeScorecardFailure((error as Error).message)?.code).toBe('unsupported-image-type');
    await handler.runtimeLogged;
    return { info: info.mock.calls.map((c) => String(c[0])), warn: warn.mock.calls.map((c) => String(c[0])) };
  } finally {
    info.mockRestore();
    warn.mockRestore();
  }
}

describe('ScorecardProcessHandler: the local reader runtime in the log', () => {
  it('logs ONNX Runtime once it is loaded', async () => {
    const { info, warn } = await runtimeLog('onnxruntime');
    expect(info).toContain('the local digit reader runs on onnxruntime');
    expect(warn).toEqual([]);
  });

  it('warns when the networks run on the TypeScript forward pass', async () => {
    const { warn } = await runtimeLog('typescript');
    expect(warn).toHaveLength(1);
    expect(warn[0]).toMatch(/TypeScript forward pass .*slower/);
  });
});
