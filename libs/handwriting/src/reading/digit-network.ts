import { MNIST_SIDE } from '../mnist-source';
import { DIGIT_CLASSES } from './glyph-classes';

/** A 3x3 convolution (padding 1, batch norm folded in), ReLU, then 2x2 max pooling (floor). */
export interface ConvLayer {
  type: 'conv3x3';
  /** [units, inputs, 3, 3] row-major, as PyTorch stores a Conv2d weight. */
  kernel: Float32Array;
  bias: Float32Array;
  inputs: number;
  units: number;
}

export interface DenseLayer {
  type: 'dense';
  /** Row-major [inputs, units]. */
  kernel: Float32Array;
  bias: Float32Array;
  inputs: number;
  units: number;
  relu: boolean;
}

export type NetworkLayer = ConvLayer | DenseLayer;

export class DigitNetworkError extends Error {}

/** What the reader needs of its classifier: DIGIT_CLASSES logits per glyph. */
export interface DigitClassifier {
  logits(glyphs: readonly Float32Array[]): Float32Array[];
}

/**
 * The classifier's forward pass in plain TypeScript (the service needs no tensor runtime):
 * convolution blocks on a 28x28 glyph (channel-major planes), flattened channel by channel like
 * PyTorch's flatten, then dense layers to DIGIT_CLASSES logits. The weights come from
 * tools/training/train_digits.py.
 */
export class DigitNetwork implements DigitClassifier {
  private readonly layers: readonly NetworkLayer[];

  constructor(layers: readonly NetworkLayer[]) {
    let channels = 1;
    let side = MNIST_SIDE;
    let flat = 0;
    if (layers.length === 0) throw new DigitNetworkError('the digit network has no layers');
    for (const layer of layers) {
      const kernelSize = layer.type === 'conv3x3' ? layer.units * layer.inputs * 9 : layer.units * layer.inputs;
      if (layer.kernel.length !== kernelSize || layer.bias.length !== layer.units) throw new DigitNetworkError('a layer has weights of the wrong size');
      if (layer.type === 'conv3x3') {
        if (flat) throw new DigitNetworkError('a convolution cannot follow a dense layer');
        if (layer.inputs !== channels) throw new DigitNetworkError(`a convolution takes ${channels} channels, not ${layer.inputs}`);
        channels = layer.units;
        side = Math.floor(side / 2);
        if (side < 1) throw new DigitNetworkError('too many pooling layers for a 28x28 glyph');
      } else {
        const inputs = flat || channels * side * side;
        if (layer.inputs !== inputs) throw new DigitNetworkError(`a dense layer takes ${inputs} inputs, not ${layer.inputs}`);
        flat = layer.units;
      }
    }
    if (flat !== DIGIT_CLASSES) throw new DigitNetworkError(`the last layer must give ${DIGIT_CLASSES} logits`);
    this.layers = layers;
  }

  /** Logits of each glyph (DIGIT_CLASSES per glyph). */
  logits(glyphs: readonly Float32Array[]): Float32Array[] {
    return glyphs.map((glyph) => {
      let values: Float32Array = glyph;
      let side = MNIST_SIDE;
      for (const layer of this.layers) {
        if (layer.type === 'conv3x3') {
          values = convolveReluPool(layer, values, side);
          side = Math.floor(side / 2);
        } else {
          values = dense(layer, values);
        }
      }
      return values;
    });
  }
}

/**
 * Networks trained apart (other seeds) whose logits are averaged: their mistakes overlap less
 * than their right answers, so the mean is surer where they agree and less sure where they do
 * not, which is what the accept threshold needs. One temperature and threshold are calibrated
 * for the mean, never for a member.
 */
export class DigitEnsemble implements DigitClassifier {
  readonly members: readonly DigitNetwork[];

  constructor(members: readonly DigitNetwork[]) {
    if (members.length < 2) throw new DigitNetworkError('an ensemble needs at least two networks');
    this.members = members;
  }

  logits(glyphs: readonly Float32Array[]): Float32Array[] {
    const [first, ...rest] = this.members.map((m) => m.logits(glyphs));
    for (const logits of rest) logits.forEach((row, k) => row.forEach((v, c) => (first[k][c] += v)));
    for (const row of first) for (let c = 0; c < row.length; c++) row[c] /= this.members.length;
    return first;
  }
}

/** One convolution block on `side`x`side` planes: 3x3 with zero padding, bias, ReLU, 2x2 max pool. */
function convolveReluPool(layer: ConvLayer, input: Float32Array, side: number): Float32Array {
  const { kernel, bias, inputs, units } = layer;
  const padded = side + 2;
  // Zero-padded copies of the input planes: the inner loops need no bounds checks.
  const source = new Float32Array(inputs * padded * padded);
  for (let c = 0; c < inputs; c++) {
    for (let y = 0; y < side; y++) source.set(input.subarray((c * side + y) * side, (c * side + y + 1) * side), (c * padded + y + 1) * padded + 1);
  }
  const plane = new Float32Array(side * side);
  const half = Math.floor(side / 2);
  const out = new Float32Array(units * half * half);
  for (let u = 0; u < units; u++) {
    plane.fill(bias[u]);
    for (let c = 0; c < inputs; c++) {
      const base = c * padded * padded;
      const k = (u * inputs + c) * 9;
      for (let ky = 0; ky < 3; ky++) {
        for (let kx = 0; kx < 3; kx++) {
          const w = kernel[k + ky * 3 + kx];
          if (w === 0) continue;
          for (let y = 0; y < side; y++) {
            const from = base + (y + ky) * padded + kx;
            const to = y * side;
            for (let x = 0; x < side; x++) plane[to + x] += w * source[from + x];
          }
        }
      }
    }
    // ReLU then max pool equals max pool then ReLU.
    const o = u * half * half;
    for (let y = 0; y < half; y++) {
      for (let x = 0; x < half; x++) {
        const at = 2 * y * side + 2 * x;
        const m = Math.max(plane[at], plane[at + 1], plane[at + side], plane[at + side + 1]);
        out[o + y * half + x] = m > 0 ? m : 0;
      }
    }
  }
  return out;
}

function dense(layer: DenseLayer, input: Float32Array): Float32Array {
  const { kernel, bias, inputs, units, relu } = layer;
  const out = Float32Array.from(bias);
  for (let i = 0; i < inputs; i++) {
    const v = input[i];
    if (v === 0) continue;
    const k = i * units;
    for (let u = 0; u < units; u++) out[u] += v * kernel[k + u];
  }
  if (relu) for (let u = 0; u < units; u++) if (out[u] < 0) out[u] = 0;
  return out;
}
