import { defaultModelDirectory, readDigitNetwork } from '../model-files';
import { SeededRandom } from '../synthesis/seeded-random';
import { buildDigitNetwork, loadLayersNetwork, tfjsLogits, toDigitNetwork } from '../training/tfjs-network';
import { DigitNetwork, DigitNetworkError } from './digit-network';

function glyphs(count: number, seed: number): Float32Array[] {
  const random = new SeededRandom(seed);
  return Array.from({ length: count }, () => Float32Array.from({ length: 784 }, () => (random.chance(0.3) ? random.next() : 0)));
}

function largestDifference(a: Float32Array[], b: Float32Array[]): number {
  let worst = 0;
  a.forEach((row, k) => row.forEach((v, c) => (worst = Math.max(worst, Math.abs(v - b[k][c])))));
  return worst;
}

describe('DigitNetwork (the tfjs network without tfjs)', () => {
  it('computes the same logits as tfjs for a freshly built network', () => {
    const network = buildDigitNetwork(11);
    const input = glyphs(6, 1);
    expect(largestDifference(toDigitNetwork(network).logits(input), tfjsLogits(network, input))).toBeLessThan(1e-4);
  });

  it('computes the same logits as tfjs for the committed weights', async () => {
    const input = glyphs(6, 2);
    const reference = tfjsLogits(await loadLayersNetwork(defaultModelDirectory()), input);
    expect(largestDifference(readDigitNetwork(defaultModelDirectory()).logits(input), reference)).toBeLessThan(1e-4);
  });

  it('refuses weights that do not fit the architecture', () => {
    const layer = (inputs: number, units: number) => ({ kernel: new Float32Array(inputs * units), bias: new Float32Array(units), inputs, units });
    expect(() => new DigitNetwork([layer(25, 12), layer(48, 24), layer(49 * 24, 64)])).toThrow(DigitNetworkError);
    expect(() => new DigitNetwork([layer(25, 12), layer(40, 24), layer(49 * 24, 64), layer(64, 11)])).toThrow(DigitNetworkError);
    expect(() => new DigitNetwork([layer(25, 12), layer(48, 24), layer(49 * 24, 64), layer(64, 10)])).toThrow(DigitNetworkError);
    expect(new DigitNetwork([layer(25, 12), layer(48, 24), layer(49 * 24, 64), layer(64, 11)]).logits(glyphs(2, 3))).toHaveLength(2);
  });
});
