import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ENSEMBLE_FORMAT, NETWORK_FILE, NETWORK_FORMAT, WEIGHTS_FILE, defaultModelDirectory, readDigitNetwork, sha256 } from '../model-files';
import { DigitEnsemble, DigitNetwork, DigitNetworkError, type ConvLayer, type DenseLayer } from './digit-network';

/** The fixed inputs whose PyTorch logits train_digits.py records in the manifest. */
function checkInputs(): Float32Array[] {
  return [0, 1, 2].map((k) => Float32Array.from({ length: 784 }, (_, i) => ((i * 7 + k * 131) % 23) / 22));
}

function conv(inputs: number, units: number, fill = 0): ConvLayer {
  return { type: 'conv3x3', kernel: new Float32Array(units * inputs * 9).fill(fill), bias: new Float32Array(units), inputs, units };
}

/** The max over the top-left 2x2 pixels after `times` zero-padded 3x3 box sums of a 28x28 image. */
function boxSumsAtCorner(image: Float32Array, times: number): number {
  let plane = Float64Array.from(image);
  for (let t = 0; t < times; t++) {
    const next = new Float64Array(784);
    for (let y = 0; y < 28; y++) {
      for (let x = 0; x < 28; x++) {
        for (let dy = -1; dy <= 1; dy++)
          for (let dx = -1; dx <= 1; dx++) if (y + dy >= 0 && y + dy < 28 && x + dx >= 0 && x + dx < 28) next[y * 28 + x] += plane[(y + dy) * 28 + x + dx];
      }
    }
    plane = next;
  }
  return Math.max(plane[0], plane[1], plane[28], plane[29]);
}

function dense(inputs: number, units: number, relu = true): DenseLayer {
  return { type: 'dense', kernel: new Float32Array(inputs * units), bias: new Float32Array(units), inputs, units, relu };
}

describe('DigitNetwork (the PyTorch network in plain TypeScript)', () => {
  it('computes the logits PyTorch recorded for the committed weights', () => {
    const manifest = JSON.parse(readFileSync(join(defaultModelDirectory(), NETWORK_FILE), 'utf8')) as { check: { logits: number[][] } };
    const logits = readDigitNetwork(defaultModelDirectory()).logits(checkInputs());
    expect(logits).toHaveLength(3);
    logits.forEach((row, k) => row.forEach((v, c) => expect(Math.abs(v - manifest.check.logits[k][c])).toBeLessThan(2e-4)));
  });

  it('reads each glyph of a batch as it reads it alone, however many there are', () => {
    const network = readDigitNetwork(defaultModelDirectory());
    const distinct = [...checkInputs(), new Float32Array(784), Float32Array.from({ length: 784 }, (_, i) => ((i % 28) + Math.floor(i / 28)) / 54)];
    const alone = distinct.map((glyph) => network.logits([glyph])[0]);
    // 70 glyphs: more than one internal batch of the convolutions (64).
    const glyphs = Array.from({ length: 70 }, (_, k) => distinct[k % distinct.length]);
    const together = network.logits(glyphs);
    expect(together).toHaveLength(70);
    together.forEach((row, k) => row.forEach((v, c) => expect(v).toBeCloseTo(alone[k % distinct.length][c], 5)));
    expect(network.logits([])).toEqual([]);
  });

  it('convolves with zero padding, pools 2x2 and flattens channel by channel', () => {
    // One channel summing each pixel's 3x3 neighbourhood, pooled to 14x14, then a dense layer
    // copying pooled pixels 0 (top-left) and 15 (row 1, column 1) into logits 0 and 1.
    const first = conv(1, 1, 1);
    const head = dense(14 * 14, 11, false);
    head.kernel[0 * 11 + 0] = 1;
    head.kernel[15 * 11 + 1] = 1;
    const glyph = new Float32Array(784);
    glyph[0] = 1; // corner: its neighbourhood sums reach pooled pixel 0 only
    glyph[3 * 28 + 3] = 2; // reaches 3x3 around (3,3): pooled (1,1) sees the max, 2
    const [logits] = new DigitNetwork([first, head]).logits([glyph]);
    expect(logits[0]).toBeCloseTo(1);
    expect(logits[1]).toBeCloseTo(2);
  });

  it('keeps the size of a convolution without a pool', () => {
    // Two unpooled convolutions (each summing a 3x3 neighbourhood) then a pooled one: 28 -> 28 -> 28 -> 14.
    const unpooled = (): ConvLayer => ({ ...conv(1, 1, 1), pooled: false });
    const head = dense(14 * 14, 11, false);
    head.kernel[0 * 11 + 0] = 1;
    const glyph = new Float32Array(784);
    glyph[0] = 1;
    // Pooled pixel (0,0) is the largest of the third box sum's four top-left values.
    const network = new DigitNetwork([unpooled(), unpooled(), conv(1, 1, 1), head]);
    const [logits] = network.logits([glyph]);
    expect(logits[0]).toBeCloseTo(boxSumsAtCorner(glyph, 3));
    expect(() => new DigitNetwork([unpooled(), dense(14 * 14, 11)])).toThrow(DigitNetworkError);
    expect(new DigitNetwork([unpooled(), dense(28 * 28, 11)]).logits([glyph])).toHaveLength(1);
  });

  it('refuses weights that do not fit the architecture', () => {
    expect(() => new DigitNetwork([conv(1, 4), dense(4 * 14 * 14, 10)])).toThrow(DigitNetworkError);
    expect(() => new DigitNetwork([conv(2, 4), dense(4 * 14 * 14, 11)])).toThrow(DigitNetworkError);
    expect(() => new DigitNetwork([conv(1, 4), dense(4 * 7 * 7, 11)])).toThrow(DigitNetworkError);
    expect(() => new DigitNetwork([dense(784, 11), conv(1, 4)])).toThrow(DigitNetworkError);
    expect(new DigitNetwork([conv(1, 4), conv(4, 8), dense(8 * 7 * 7, 16), dense(16, 11, false)]).logits(checkInputs())).toHaveLength(3);
  });
});

/** One network's manifest and weights (a member of the committed model when that is an ensemble). */
function singleNetwork(): { manifest: Record<string, unknown>; weights: Buffer } {
  const manifest = JSON.parse(readFileSync(join(defaultModelDirectory(), NETWORK_FILE), 'utf8')) as Record<string, unknown> & {
    members?: Record<string, unknown>[];
  };
  const weights = readFileSync(join(defaultModelDirectory(), WEIGHTS_FILE));
  if (manifest.format === NETWORK_FORMAT) return { manifest, weights };
  const [member] = manifest.members!;
  const floats = (member.weightSpecs as { shape: number[] }[]).reduce((n, spec) => n + spec.shape.reduce((a, b) => a * b, 1), 0);
  const memberWeights = weights.subarray(0, 4 * floats);
  return { manifest: { ...member, format: NETWORK_FORMAT, weightsSha256: sha256(memberWeights), input: manifest.input }, weights: memberWeights };
}

describe('DigitEnsemble (networks of other seeds, logits averaged)', () => {
  it("averages its members' logits", () => {
    const a = dense(784, 11, false);
    const b = dense(784, 11, false);
    a.bias.set([1, 2, 3, 0, 0, 0, 0, 0, 0, 0, 4]);
    b.bias.set([3, 0, -3, 0, 0, 0, 0, 0, 0, 0, 4]);
    const [logits] = new DigitEnsemble([new DigitNetwork([a]), new DigitNetwork([b])]).logits([new Float32Array(784)]);
    expect(Array.from(logits)).toEqual([2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 4]);
    expect(() => new DigitEnsemble([new DigitNetwork([a])])).toThrow(DigitNetworkError);
  });

  describe('model files', () => {
    let directory: string;
    const { manifest: single, weights } = singleNetwork();
    const write = (manifest: Record<string, unknown>, blob: Buffer) => {
      writeFileSync(join(directory, NETWORK_FILE), JSON.stringify(manifest));
      writeFileSync(join(directory, WEIGHTS_FILE), blob);
    };
    const ensemble = (members: Record<string, unknown>[], blob: Buffer, extra: Record<string, unknown> = {}) => ({
      format: ENSEMBLE_FORMAT,
      combine: 'mean-logits',
      input: single.input,
      members: members.map(({ layers, weightSpecs }) => ({ layers, weightSpecs })),
      weightsSha256: sha256(blob),
      ...extra,
    });
    beforeEach(() => (directory = mkdtempSync(join(tmpdir(), 'handwriting-ensemble-'))));
    afterEach(() => rmSync(directory, { recursive: true, force: true }));

    it("reads an ensemble whose members' weights follow each other in one file and averages their logits", () => {
      // The second member is the first with its output bias raised by 1: the mean is the first member's logits plus 0.5.
      const raised = Buffer.from(weights);
      const floats = new Float32Array(raised.buffer, raised.byteOffset, raised.byteLength / 4);
      for (let c = floats.length - 11; c < floats.length; c++) floats[c] += 1;
      const blob = Buffer.concat([weights, raised]);
      write(single, weights);
      const member = readDigitNetwork(directory).logits(checkInputs());
      write(ensemble([single, single], blob), blob);
      const network = readDigitNetwork(directory, sha256(blob));
      expect(network).toBeInstanceOf(DigitEnsemble);
      network.logits(checkInputs()).forEach((row, k) => row.forEach((v, c) => expect(v).toBeCloseTo(member[k][c] + 0.5, 4)));
    });

    it('refuses an ensemble file that does not hold together as misconfigured', () => {
      const blob = Buffer.concat([weights, weights]);
      const refused = (manifest: Record<string, unknown>, bytes: Buffer) => {
        write(manifest, bytes);
        expect(() => readDigitNetwork(directory)).toThrow(expect.objectContaining({ code: 'provider-misconfigured' }));
      };
      refused(ensemble([single], weights), weights);
      refused(ensemble([single, single], blob, { combine: 'vote' }), blob);
      refused(ensemble([single, single], weights), weights);
      const longer = Buffer.concat([blob, weights.subarray(0, 4)]);
      refused(ensemble([single, single], longer), longer);
      refused({ ...ensemble([single, single], blob), members: [single, { layers: [] }] }, blob);
      write(ensemble([single, single], blob), blob);
      expect(() => readDigitNetwork(directory, sha256(weights))).toThrow(expect.objectContaining({ code: 'provider-misconfigured' }));
    });

    it('pools a convolution only where its manifest says maxPool 2', () => {
      const layers = single.layers as Record<string, unknown>[];
      const refused = (changed: Record<string, unknown>[]) => {
        write({ ...single, layers: changed }, weights);
        expect(() => readDigitNetwork(directory)).toThrow(expect.objectContaining({ code: 'provider-misconfigured' }));
      };
      // A 3x3 pool is not one the reader runs; without its pool the first block leaves 28x28
      // planes, so the dense layer after the last block no longer fits.
      refused(layers.map((l, k) => (k === 0 ? { ...l, maxPool: 3 } : l)));
      refused(layers.map((l, k) => (k === 0 ? { ...l, maxPool: undefined } : l)));
      write(single, weights);
      expect((readDigitNetwork(directory) as DigitNetwork).layers.map((l) => l.type === 'conv3x3' && l.pooled)).toEqual(
        layers.map((l) => l.type === 'conv3x3'),
      );
    });
  });
});
