import { MNIST_SIDE } from '../mnist-source';
import { DIGIT_CLASSES } from './glyph-classes';

const { max } = Math;

/** 5x5 patches at stride 2 over the 28x28 glyph, zero-padded one pixel before and two after: a 14x14 grid. */
const PATCH = 5;
const GRID = 14;
export const PATCH_FEATURES = PATCH * PATCH;
export const PATCH_POSITIONS = GRID * GRID;
const CELLS = (GRID / 2) * (GRID / 2);

export interface DenseWeights {
  /** Row-major [inputs, units], as tfjs stores a Dense kernel. */
  kernel: Float32Array;
  bias: Float32Array;
  inputs: number;
  units: number;
}

export class DigitNetworkError extends Error {}

/** The classifier's input for a batch of 28x28 glyphs: each glyph's 196 patches of 25 pixels, row-major. */
export function glyphPatches(glyphs: readonly Float32Array[]): Float32Array {
  const out = new Float32Array(glyphs.length * PATCH_POSITIONS * PATCH_FEATURES);
  let o = 0;
  for (const glyph of glyphs) {
    for (let gy = 0; gy < GRID; gy++) {
      for (let gx = 0; gx < GRID; gx++) {
        for (let py = 0; py < PATCH; py++) {
          const y = gy * 2 - 1 + py;
          for (let px = 0; px < PATCH; px++) {
            const x = gx * 2 - 1 + px;
            out[o++] = y < 0 || x < 0 || y >= MNIST_SIDE || x >= MNIST_SIDE ? 0 : glyph[y * MNIST_SIDE + x];
          }
        }
      }
    }
  }
  return out;
}

/**
 * The trained classifier's forward pass in plain TypeScript: the same arithmetic as the tfjs
 * network (buildDigitNetwork), on its weights, without tfjs's per-operation overhead (a page's
 * glyphs take milliseconds instead of tens of them). Layers: 5x5/2 convolution as a dense
 * layer over patches, 2x2/2 convolution as a dense layer over 2x2 blocks, dense, logits.
 */
export class DigitNetwork {
  private readonly layers: readonly DenseWeights[];

  constructor(layers: readonly DenseWeights[]) {
    if (layers.length !== 4) throw new DigitNetworkError(`the digit network has 4 dense layers, got ${layers.length}`);
    const [first, second, third, fourth] = layers;
    for (const layer of layers) {
      if (layer.kernel.length !== layer.inputs * layer.units || layer.bias.length !== layer.units) throw new DigitNetworkError('a layer has weights of the wrong size');
    }
    if (first.inputs !== PATCH_FEATURES) throw new DigitNetworkError(`the first layer takes ${PATCH_FEATURES} inputs`);
    if (second.inputs !== 4 * first.units) throw new DigitNetworkError('the second layer must take 2x2 blocks of the first');
    if (third.inputs !== CELLS * second.units) throw new DigitNetworkError('the third layer must take the flattened 7x7 grid');
    if (fourth.inputs !== third.units || fourth.units !== DIGIT_CLASSES) throw new DigitNetworkError(`the last layer must give ${DIGIT_CLASSES} logits`);
    this.layers = layers;
  }

  /** Logits of each glyph (DIGIT_CLASSES per glyph). */
  logits(glyphs: readonly Float32Array[]): Float32Array[] {
    const [first, second, third, fourth] = this.layers;
    const patches = glyphPatches(glyphs);
    const out: Float32Array[] = [];
    const grid = new Float32Array(PATCH_POSITIONS * first.units);
    const blocks = new Float32Array(CELLS * second.inputs);
    const cells = new Float32Array(CELLS * second.units);
    const hidden = new Float32Array(third.units);
    for (let g = 0; g < glyphs.length; g++) {
      dense(first, patches, g * PATCH_POSITIONS * PATCH_FEATURES, PATCH_POSITIONS, grid, true);
      // Regroup the 14x14 grid into 7x7 cells of 2x2 positions (row, column, channel order).
      const f = first.units;
      let o = 0;
      for (let cy = 0; cy < GRID / 2; cy++) {
        for (let cx = 0; cx < GRID / 2; cx++) {
          for (let dy = 0; dy < 2; dy++) {
            for (let dx = 0; dx < 2; dx++) {
              const from = ((cy * 2 + dy) * GRID + cx * 2 + dx) * f;
              for (let c = 0; c < f; c++) blocks[o++] = grid[from + c];
            }
          }
        }
      }
      dense(second, blocks, 0, CELLS, cells, true);
      dense(third, cells, 0, 1, hidden, true);
      const logits = new Float32Array(DIGIT_CLASSES);
      dense(fourth, hidden, 0, 1, logits, false);
      out.push(logits);
    }
    return out;
  }
}

/** `rows` independent rows of `input` (from `offset`) through one dense layer into `output`. */
function dense(layer: DenseWeights, input: Float32Array, offset: number, rows: number, output: Float32Array, relu: boolean): void {
  const { kernel, bias, inputs, units } = layer;
  for (let r = 0; r < rows; r++) {
    const inBase = offset + r * inputs;
    const outBase = r * units;
    for (let u = 0; u < units; u++) output[outBase + u] = bias[u];
    for (let i = 0; i < inputs; i++) {
      const v = input[inBase + i];
      if (v === 0) continue;
      const k = i * units;
      for (let u = 0; u < units; u++) output[outBase + u] += v * kernel[k + u];
    }
    if (relu) for (let u = 0; u < units; u++) output[outBase + u] = max(0, output[outBase + u]);
  }
}
