import { GLYPH_SIDE } from '../glyph-side';
import { DIGIT_CLASSES } from './glyph-classes';

/** A 3x3 convolution (padding 1, batch norm folded in), ReLU, then 2x2 max pooling (floor) unless `pooled` is false. */
export interface ConvLayer {
  type: 'conv3x3';
  /** [units, inputs, 3, 3] row-major, as PyTorch stores a Conv2d weight. */
  kernel: Float32Array;
  bias: Float32Array;
  inputs: number;
  units: number;
  /** False for a convolution that keeps its input's size (two in a row before a pool); absent means pooled. */
  pooled?: boolean;
}

/** The side of a convolution's output planes. */
function convolvedSide(layer: ConvLayer, side: number): number {
  return layer.pooled === false ? side : Math.floor(side / 2);
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

/** Which engine runs the networks: the forward pass below, or ONNX Runtime (onnx-classifier.ts). */
export type DigitRuntime = 'typescript' | 'onnxruntime';

/**
 * What the reader needs of its classifier: DIGIT_CLASSES logits per glyph (the TypeScript pass
 * answers at once, ONNX Runtime through a promise).
 */
export interface DigitClassifier {
  readonly runtime: DigitRuntime;
  logits(glyphs: readonly Float32Array[]): Float32Array[] | Promise<Float32Array[]>;
}

/**
 * The classifier's forward pass in plain TypeScript (the service needs no tensor runtime):
 * convolution blocks on a 28x28 glyph (channel-major planes), flattened channel by channel like
 * PyTorch's flatten, then dense layers to DIGIT_CLASSES logits. The weights come from
 * tools/training/train_digits.py.
 */
export class DigitNetwork implements DigitClassifier {
  readonly runtime = 'typescript';
  readonly layers: readonly NetworkLayer[];

  constructor(layers: readonly NetworkLayer[]) {
    let channels = 1;
    let side = GLYPH_SIDE;
    let flat = 0;
    if (layers.length === 0) throw new DigitNetworkError('the digit network has no layers');
    for (const layer of layers) {
      const kernelSize = layer.type === 'conv3x3' ? layer.units * layer.inputs * 9 : layer.units * layer.inputs;
      if (layer.kernel.length !== kernelSize || layer.bias.length !== layer.units) throw new DigitNetworkError('a layer has weights of the wrong size');
      if (layer.type === 'conv3x3') {
        if (flat) throw new DigitNetworkError('a convolution cannot follow a dense layer');
        if (layer.inputs !== channels) throw new DigitNetworkError(`a convolution takes ${channels} channels, not ${layer.inputs}`);
        channels = layer.units;
        side = convolvedSide(layer, side);
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

  /**
   * Logits of each glyph (DIGIT_CLASSES per glyph). The glyphs go through the convolutions
   * together (activations laid out [channel][glyph][pixel]), so each weight runs over one long
   * row of every glyph's pixels at once instead of many short ones.
   */
  logits(glyphs: readonly Float32Array[]): Float32Array[] {
    const out: Float32Array[] = [];
    // Bounded batches: the laid-out taps of a block take up to about 0.9 MB per glyph (a 28x28
    // convolution of 32 channels, in the deeper networks; 85 KB for the second block of the others).
    for (let k = 0; k < glyphs.length; k += GLYPHS_PER_BATCH) out.push(...this.batchLogits(glyphs.slice(k, k + GLYPHS_PER_BATCH)));
    return out;
  }

  private batchLogits(glyphs: readonly Float32Array[]): Float32Array[] {
    const n = glyphs.length;
    let side = GLYPH_SIDE;
    let channels = 1;
    let values: Float32Array = new Float32Array(n * side * side);
    glyphs.forEach((glyph, g) => values.set(glyph.subarray(0, side * side), g * side * side));
    let rows: Float32Array[] | undefined;
    for (const layer of this.layers) {
      if (layer.type === 'conv3x3') {
        values = convolveBlock(layer, values, n, side);
        side = convolvedSide(layer, side);
        channels = layer.units;
      } else {
        rows ??= flattenPerGlyph(values, n, channels, side * side);
        rows = rows.map((row) => dense(layer, row));
      }
    }
    return rows as Float32Array[];
  }
}

/** Glyphs that go through the convolutions together (a page's digit cells hold about this many). */
const GLYPHS_PER_BATCH = 64;

/** [channel][glyph][pixel] activations as one vector per glyph, channel by channel (PyTorch's flatten). */
function flattenPerGlyph(values: Float32Array, n: number, channels: number, pixels: number): Float32Array[] {
  return Array.from({ length: n }, (_, g) => {
    const row = new Float32Array(channels * pixels);
    for (let c = 0; c < channels; c++) row.set(values.subarray((c * n + g) * pixels, (c * n + g + 1) * pixels), c * pixels);
    return row;
  });
}

/**
 * Networks trained apart (other seeds) whose logits are averaged: their mistakes overlap less
 * than their right answers, so the mean is surer where they agree and less sure where they do
 * not, which is what the accept threshold needs. One temperature and threshold are calibrated
 * for the mean, never for a member.
 */
export class DigitEnsemble implements DigitClassifier {
  readonly runtime = 'typescript';
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

/**
 * One convolution block on n glyphs' `side`x`side` planes ([channel][glyph][pixel]): 3x3 with
 * zero padding, bias, ReLU, 2x2 max pool (unless the layer is not pooled). The 3x3
 * neighbourhoods are laid out first (one row per input channel and kernel tap, over every
 * glyph's pixels), then each unit sums its taps' rows.
 */
function convolveBlock(layer: ConvLayer, input: Float32Array, n: number, side: number): Float32Array {
  const { kernel, bias, inputs, units } = layer;
  const pixels = side * side;
  const span = n * pixels;
  const taps = new Float32Array(inputs * 9 * span);
  for (let c = 0; c < inputs; c++) {
    for (let ky = 0; ky < 3; ky++) {
      for (let kx = 0; kx < 3; kx++) {
        const row = ((c * 3 + ky) * 3 + kx) * span;
        for (let g = 0; g < n; g++) {
          const from = (c * n + g) * pixels;
          for (let y = 0; y < side; y++) {
            const sy = y + ky - 1;
            if (sy < 0 || sy >= side) continue;
            const to = row + g * pixels + y * side;
            const x0 = kx === 0 ? 1 : 0;
            const x1 = kx === 2 ? side - 1 : side;
            for (let x = x0; x < x1; x++) taps[to + x] = input[from + sy * side + x + kx - 1];
          }
        }
      }
    }
  }
  const outSide = convolvedSide(layer, side);
  const out = new Float32Array(units * n * outSide * outSide);
  const finish = layer.pooled === false ? reluInto : poolRelu;
  const count = inputs * 9;
  // Four units at a time share each read of their taps (four planes, four taps per pass);
  // a last group of fewer units goes one by one.
  const planes = [0, 1, 2, 3].map(() => new Float32Array(span));
  for (let u = 0; u < units;) {
    if (u + 4 <= units) {
      accumulateFourUnits(planes, kernel, bias, u, count, taps, span);
      for (let j = 0; j < 4; j++) finish(planes[j], out, u + j, n, side);
      u += 4;
    } else {
      accumulateUnit(planes[0], kernel, bias, u, count, taps, span);
      finish(planes[0], out, u, n, side);
      u += 1;
    }
  }
  return out;
}

/** One unit's convolution sums over every glyph's pixels: bias, then its taps four per pass. */
function accumulateUnit(plane: Float32Array, kernel: Float32Array, bias: Float32Array, u: number, count: number, taps: Float32Array, span: number): void {
  plane.fill(bias[u]);
  const k = u * count;
  let t = 0;
  for (; t + 4 <= count; t += 4) {
    const w0 = kernel[k + t];
    const w1 = kernel[k + t + 1];
    const w2 = kernel[k + t + 2];
    const w3 = kernel[k + t + 3];
    const r0 = t * span;
    const r1 = r0 + span;
    const r2 = r1 + span;
    const r3 = r2 + span;
    for (let i = 0; i < span; i++) plane[i] += w0 * taps[r0 + i] + w1 * taps[r1 + i] + w2 * taps[r2 + i] + w3 * taps[r3 + i];
  }
  for (; t < count; t++) {
    const w = kernel[k + t];
    const row = t * span;
    for (let i = 0; i < span; i++) plane[i] += w * taps[row + i];
  }
}

/**
 * Units u..u+3 at once: each pass reads four tap rows once for sixteen products, where one
 * unit at a time reads them four times (the convolutions are bound by memory, not arithmetic).
 */
function accumulateFourUnits(
  planes: Float32Array[],
  kernel: Float32Array,
  bias: Float32Array,
  u: number,
  count: number,
  taps: Float32Array,
  span: number,
): void {
  const [p0, p1, p2, p3] = planes;
  p0.fill(bias[u]);
  p1.fill(bias[u + 1]);
  p2.fill(bias[u + 2]);
  p3.fill(bias[u + 3]);
  const k0 = u * count;
  const k1 = k0 + count;
  const k2 = k1 + count;
  const k3 = k2 + count;
  let t = 0;
  for (; t + 4 <= count; t += 4) {
    const a0 = kernel[k0 + t],
      a1 = kernel[k0 + t + 1],
      a2 = kernel[k0 + t + 2],
      a3 = kernel[k0 + t + 3];
    const b0 = kernel[k1 + t],
      b1 = kernel[k1 + t + 1],
      b2 = kernel[k1 + t + 2],
      b3 = kernel[k1 + t + 3];
    const c0 = kernel[k2 + t],
      c1 = kernel[k2 + t + 1],
      c2 = kernel[k2 + t + 2],
      c3 = kernel[k2 + t + 3];
    const d0 = kernel[k3 + t],
      d1 = kernel[k3 + t + 1],
      d2 = kernel[k3 + t + 2],
      d3 = kernel[k3 + t + 3];
    const r0 = t * span;
    const r1 = r0 + span;
    const r2 = r1 + span;
    const r3 = r2 + span;
    for (let i = 0; i < span; i++) {
      const x0 = taps[r0 + i];
      const x1 = taps[r1 + i];
      const x2 = taps[r2 + i];
      const x3 = taps[r3 + i];
      p0[i] += a0 * x0 + a1 * x1 + a2 * x2 + a3 * x3;
      p1[i] += b0 * x0 + b1 * x1 + b2 * x2 + b3 * x3;
      p2[i] += c0 * x0 + c1 * x1 + c2 * x2 + c3 * x3;
      p3[i] += d0 * x0 + d1 * x1 + d2 * x2 + d3 * x3;
    }
  }
  for (; t < count; t++) {
    const row = t * span;
    const a = kernel[k0 + t],
      b = kernel[k1 + t],
      c = kernel[k2 + t],
      d = kernel[k3 + t];
    for (let i = 0; i < span; i++) {
      const x = taps[row + i];
      p0[i] += a * x;
      p1[i] += b * x;
      p2[i] += c * x;
      p3[i] += d * x;
    }
  }
}

/** Unit u's plane, 2x2 max pooled and ReLU'd, into its rows of the block's output. */
function poolRelu(plane: Float32Array, out: Float32Array, u: number, n: number, side: number): void {
  const half = Math.floor(side / 2);
  const pixels = side * side;
  for (let g = 0; g < n; g++) {
    const o = (u * n + g) * half * half;
    const p = g * pixels;
    for (let y = 0; y < half; y++) {
      for (let x = 0; x < half; x++) {
        const at = p + 2 * y * side + 2 * x;
        const m = Math.max(plane[at], plane[at + 1], plane[at + side], plane[at + side + 1]);
        out[o + y * half + x] = m > 0 ? m : 0;
      }
    }
  }
}

/** Unit u's plane, ReLU'd, into its rows of the block's output (a convolution without a pool). */
function reluInto(plane: Float32Array, out: Float32Array, u: number, n: number, side: number): void {
  const at = u * n * side * side;
  for (let i = 0; i < plane.length; i++) out[at + i] = plane[i] > 0 ? plane[i] : 0;
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
