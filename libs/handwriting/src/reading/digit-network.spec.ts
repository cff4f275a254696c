import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NETWORK_FILE, defaultModelDirectory, readDigitNetwork } from '../model-files';
import { DigitNetwork, DigitNetworkError, type ConvLayer, type DenseLayer } from './digit-network';

/** The fixed inputs whose PyTorch logits train_digits.py records in the manifest. */
function checkInputs(): Float32Array[] {
  return [0, 1, 2].map((k) => Float32Array.from({ length: 784 }, (_, i) => ((i * 7 + k * 131) % 23) / 22));
}

function conv(inputs: number, units: number, fill = 0): ConvLayer {
  return { type: 'conv3x3', kernel: new Float32Array(units * inputs * 9).fill(fill), bias: new Float32Array(units), inputs, units };
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

  it('refuses weights that do not fit the architecture', () => {
    expect(() => new DigitNetwork([conv(1, 4), dense(4 * 14 * 14, 10)])).toThrow(DigitNetworkError);
    expect(() => new DigitNetwork([conv(2, 4), dense(4 * 14 * 14, 11)])).toThrow(DigitNetworkError);
    expect(() => new DigitNetwork([conv(1, 4), dense(4 * 7 * 7, 11)])).toThrow(DigitNetworkError);
    expect(() => new DigitNetwork([dense(784, 11), conv(1, 4)])).toThrow(DigitNetworkError);
    expect(new DigitNetwork([conv(1, 4), conv(4, 8), dense(8 * 7 * 7, 16), dense(16, 11, false)]).logits(checkInputs())).toHaveLength(3);
  });
});
