import type { InferenceSession } from 'onnxruntime-node';
import { GLYPH_SIDE } from '../glyph-side';
import type { DigitClassifier, NetworkLayer } from './digit-network';
import { DIGIT_CLASSES } from './glyph-classes';
import { ensembleOnnxModel } from './onnx-graph';

/** Glyphs per run: a page's digit cells fit in one, a calibration's thousands go in bounded steps. */
const GLYPHS_PER_RUN = 512;

type OnnxRuntime = typeof import('onnxruntime-node');

/**
 * The digit networks run by ONNX Runtime (its CPU kernels vectorize the convolutions: 20 to 30
 * times faster per glyph than the TypeScript forward pass on the same weights, model notebook
 * reader-11). One thread per
 * session: the service scales by worker processes, not by threads inside a reading.
 */
export class OnnxDigitClassifier implements DigitClassifier {
  readonly runtime = 'onnxruntime';

  private constructor(
    private readonly ort: OnnxRuntime,
    private readonly session: InferenceSession,
  ) {}

  /** The runtime's module, or undefined where its native binding cannot load on this platform. */
  static loadRuntime(): OnnxRuntime | undefined {
    try {
      // require, not import(): the service's build is CommonJS, and Jest's sandbox has no dynamic import.
      return require('onnxruntime-node') as OnnxRuntime;
    } catch {
      return undefined;
    }
  }

  static async create(ort: OnnxRuntime, members: readonly (readonly NetworkLayer[])[]): Promise<OnnxDigitClassifier> {
    const session = await ort.InferenceSession.create(ensembleOnnxModel(members), {
      executionProviders: ['cpu'],
      intraOpNumThreads: 1,
      interOpNumThreads: 1,
      executionMode: 'sequential',
      graphOptimizationLevel: 'all',
    });
    return new OnnxDigitClassifier(ort, session);
  }

  async logits(glyphs: readonly Float32Array[]): Promise<Float32Array[]> {
    const out: Float32Array[] = [];
    const pixels = GLYPH_SIDE * GLYPH_SIDE;
    for (let first = 0; first < glyphs.length; first += GLYPHS_PER_RUN) {
      const batch = glyphs.slice(first, first + GLYPHS_PER_RUN);
      const input = new Float32Array(batch.length * pixels);
      batch.forEach((glyph, g) => input.set(glyph.subarray(0, pixels), g * pixels));
      const result = await this.session.run({ glyphs: new this.ort.Tensor('float32', input, [batch.length, 1, GLYPH_SIDE, GLYPH_SIDE]) });
      const logits = result.logits.data as Float32Array;
      for (let g = 0; g < batch.length; g++) out.push(logits.slice(g * DIGIT_CLASSES, (g + 1) * DIGIT_CLASSES));
    }
    return out;
  }
}
