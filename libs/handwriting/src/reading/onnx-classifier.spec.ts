import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NETWORK_FILE, defaultModelDirectory, loadDigitClassifier, readDigitNetwork } from '../model-files';
import { DigitEnsemble, DigitNetwork, type ConvLayer, type DenseLayer, type NetworkLayer } from './digit-network';
import { OnnxDigitClassifier } from './onnx-classifier';

/** The fixed inputs whose PyTorch logits train_digits.py records in the manifest. */
function checkInputs(): Float32Array[] {
  return [0, 1, 2].map((k) => Float32Array.from({ length: 784 }, (_, i) => ((i * 7 + k * 131) % 23) / 22));
}

/** Deterministic glyph-like inputs: a few strokes of ink 0..1 on blank, different per k. */
function glyph(k: number): Float32Array {
  const image = new Float32Array(784);
  for (let i = 0; i < 784; i++) {
    const x = i % 28;
    const y = Math.floor(i / 28);
    const stroke = Math.abs(x - 14 - ((k * 5) % 9) + 4 - (y * ((k % 3) - 1)) / 4);
    image[i] = stroke < 2 + (k % 2) && y > 3 + (k % 4) && y < 24 ? 1 - stroke / 3 : 0;
  }
  return image;
}

async function onnx(members: NetworkLayer[][]): Promise<OnnxDigitClassifier> {
  const ort = OnnxDigitClassifier.loadRuntime();
  if (!ort) throw new Error('onnxruntime-node does not load on this machine');
  return OnnxDigitClassifier.create(ort, members);
}

function randomLayers(seed: number): NetworkLayer[] {
  let state = seed;
  const next = () => ((state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31 - 0.5) * 0.6;
  const conv = (inputs: number, units: number): ConvLayer => ({
    type: 'conv3x3',
    kernel: Float32Array.from({ length: units * inputs * 9 }, next),
    bias: Float32Array.from({ length: units }, next),
    inputs,
    units,
  });
  const dense = (inputs: number, units: number, relu: boolean): DenseLayer => ({
    type: 'dense',
    kernel: Float32Array.from({ length: inputs * units }, next),
    bias: Float32Array.from({ length: units }, next),
    inputs,
    units,
    relu,
  });
  // The second network of each three stacks an unpooled convolution before a pool.
  if (seed % 3 === 2) return [{ ...conv(1, 4), pooled: false }, conv(4, 5), conv(5, 6), dense(6 * 7 * 7, 9, true), dense(9, 11, false)];
  return [conv(1, 5), conv(5, 6), dense(6 * 7 * 7, 9, true), dense(9, 11, false)];
}

describe('OnnxDigitClassifier (the same weights run by ONNX Runtime)', () => {
  it('computes the logits PyTorch recorded for the committed weights', async () => {
    const manifest = JSON.parse(readFileSync(join(defaultModelDirectory(), NETWORK_FILE), 'utf8')) as { check: { logits: number[][] } };
    const classifier = await loadDigitClassifier(defaultModelDirectory());
    expect(classifier.runtime).toBe('onnxruntime');
    const logits = await classifier.logits(checkInputs());
    expect(logits).toHaveLength(3);
    logits.forEach((row, k) => row.forEach((v, c) => expect(Math.abs(v - manifest.check.logits[k][c])).toBeLessThan(2e-4)));
  });

  it("gives each glyph of a long batch the TypeScript forward pass's logits, in order", async () => {
    const typescript = readDigitNetwork(defaultModelDirectory());
    const classifier = await loadDigitClassifier(defaultModelDirectory(), undefined, 'onnxruntime');
    // 700 glyphs: more than one run of the session.
    const glyphs = Array.from({ length: 700 }, (_, k) => glyph(k % 37));
    const expected = typescript.logits(glyphs.slice(0, 37));
    const logits = await classifier.logits(glyphs);
    expect(logits).toHaveLength(700);
    logits.forEach((row, k) => row.forEach((v, c) => expect(Math.abs(v - expected[k % 37][c])).toBeLessThan(1e-4)));
    expect(await classifier.logits([])).toEqual([]);
    // The TypeScript pass of the ten networks on 37 glyphs takes seconds on a busy machine.
  }, 30_000);

  it('runs one network, or averages several, as the TypeScript pass does for any layer sizes', async () => {
    const [a, b, c] = [randomLayers(1), randomLayers(2), randomLayers(3)];
    const glyphs = [0, 1, 2, 3].map(glyph);
    const single = await (await onnx([a])).logits(glyphs);
    const mean = await (await onnx([a, b, c])).logits(glyphs);
    const expectedSingle = new DigitNetwork(a).logits(glyphs);
    const expectedMean = new DigitEnsemble([a, b, c].map((layers) => new DigitNetwork(layers))).logits(glyphs);
    single.forEach((row, k) => row.forEach((v, j) => expect(v).toBeCloseTo(expectedSingle[k][j], 4)));
    mean.forEach((row, k) => row.forEach((v, j) => expect(v).toBeCloseTo(expectedMean[k][j], 4)));
    // The members differ, so the mean is not any one of them.
    expect(Math.abs(mean[0][0] - single[0][0])).toBeGreaterThan(1e-3);
  });

  it('runs the TypeScript forward pass when asked', async () => {
    const classifier = await loadDigitClassifier(defaultModelDirectory(), undefined, 'typescript');
    expect(classifier.runtime).toBe('typescript');
    expect(classifier).toBeInstanceOf(DigitEnsemble);
  });
});
