import { renderLabel } from './label-font';
import { readLabel, readLabelOfLength } from './label-reader';
import { LABEL_GLYPHS } from './label-templates';
import type { GreyImage } from './pixel-image';
import { decodeExpectedLabel, decodeIdentityLabel, formatIdentityLabel } from './printed-identity';

/** Box-blurs and adds deterministic noise, roughly what a phone camera does to small print. */
function degrade(image: GreyImage, noise: number): GreyImage {
  const { width, height } = image;
  const out = new Uint8Array(width * height);
  let seed = 5;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0;
      let n = 0;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const xx = Math.min(width - 1, Math.max(0, x + dx));
          const yy = Math.min(height - 1, Math.max(0, y + dy));
          sum += image.data[yy * width + xx];
          n++;
        }
      }
      seed = (seed * 1103515245 + 12345) >>> 0;
      out[y * width + x] = Math.max(0, Math.min(255, Math.round(sum / n + ((seed >>> 24) / 255 - 0.5) * 2 * noise)));
    }
  }
  return { data: out, width, height };
}

/** A (2r+1)-pixel box blur: a camera out of focus on small print. */
function boxBlur(image: GreyImage, r: number): GreyImage {
  const { width, height } = image;
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0;
      for (let dy = -r; dy <= r; dy++) {
        for (let dx = -r; dx <= r; dx++) sum += image.data[Math.min(height - 1, Math.max(0, y + dy)) * width + Math.min(width - 1, Math.max(0, x + dx))];
      }
      out[y * width + x] = Math.round(sum / (2 * r + 1) ** 2);
    }
  }
  return { data: out, width, height };
}

describe('label rendering and reading by font', () => {
  it('renders with the bundled DejaVu Sans Mono Bold at the requested height', () => {
    const image = renderLabel('SM9H1', 40);
    expect(image.height).toBeGreaterThanOrEqual(40);
    const ink = image.data.filter((v) => v < 128).length;
    expect(ink).toBeGreaterThan(200);
    // Monospaced: every label of the same length has the same width.
    expect(renderLabel('WWWWW', 40).width).toBe(image.width);
  });

  it.each([14, 24, 48])('reads back every glyph of the identity alphabet at %i px', (height) => {
    const text = `${LABEL_GLYPHS.slice(0, 16)}-${LABEL_GLYPHS.slice(16, 32)}`;
    const reading = readLabel(renderLabel(text, height));
    expect(reading.text).toBe(text);
    expect(reading.characters).toHaveLength(text.length);
    for (const character of reading.characters) {
      expect(character.confidence).toBeGreaterThan(0.6);
      expect(character.confidence).toBeGreaterThanOrEqual(character.alternative.confidence);
    }
    expect(reading.confidence).toBe(Math.min(...reading.characters.map((c) => c.confidence)));
  });

  it('reads a blurred, noisy label and decodes it in any chunk order', () => {
    const printed = formatIdentityLabel({ designCode: 'M9H10GG', courseCode: 'K7M2Q' });
    const [s, c, e] = printed.split('-');
    for (const order of [
      [s, c, e],
      [e, s, c],
      [c, e, s],
    ]) {
      const reading = readLabel(degrade(renderLabel(order.join('-'), 26), 30));
      expect(reading.text).toBe(order.join('-'));
      expect(decodeIdentityLabel(reading.text)).toMatchObject({ designCode: 'M9H10GG', courseToken: 'K7M2Q', correctionCount: 0 });
    }
  });

  it('a label printed with one wrong character is read as printed and corrected by the checksum', () => {
    const printed = formatIdentityLabel({ designCode: 'M18F', courseCode: 'P4R7T' });
    const damaged = printed.replace('P4R7T', 'P4R1T');
    const reading = readLabel(degrade(renderLabel(damaged, 22), 20));
    expect(reading.text).toBe(damaged);
    expect(decodeIdentityLabel(reading.text)).toMatchObject({ text: printed, correctionCount: 1 });
  });

  it('reads a label under a shadow that darkens one end of the line', () => {
    const printed = formatIdentityLabel({ designCode: 'M9H1GG', courseCode: '8D496' });
    const image = degrade(renderLabel(printed, 30), 10);
    // Light falls off from the left end to a third at the right, paper and ink alike.
    const shaded = { ...image, data: image.data.map((v, i) => Math.round(v * (1 - (0.65 * (i % image.width)) / image.width))) };
    const reading = readLabel(shaded);
    expect(reading.text).toBe(printed);
    expect(decodeIdentityLabel(reading.text)).toMatchObject({ designCode: 'M9H1GG', courseToken: '8D496', correctionCount: 0 });
  });

  it('reads a label blurred past its character runs on a grid of its known length', () => {
    const printed = formatIdentityLabel({ designCode: 'M18F', courseCode: '8D496' });
    const blurred = boxBlur(renderLabel(printed, 26), 4);
    // Blur fuses the runs the free grid is fitted to: it finds another number of characters.
    expect(readLabel(blurred).text).not.toHaveLength(printed.length);
    const reading = readLabelOfLength(blurred, printed.length)!;
    expect(reading.characters).toHaveLength(printed.length);
    for (const character of reading.characters) {
      expect(character.candidates[0]).toEqual({ char: character.char, confidence: character.confidence });
      expect(character.candidates.length).toBeGreaterThan(1);
    }
    // Most glyphs are read as printed; the blurred rest are among their cells' candidates.
    const same = [...printed].filter((char, i) => reading.text[i] === char).length;
    expect(same).toBeGreaterThanOrEqual(printed.length - 3);
    expect(decodeExpectedLabel(reading.characters, 'M18F')).toMatchObject({ text: printed, courseToken: '8D496' });
  });

  it('returns an empty low-confidence reading for a blank crop', () => {
    const blank = { data: new Uint8Array(200 * 40).fill(250), width: 200, height: 40 };
    expect(readLabel(blank)).toEqual({ text: '', characters: [], confidence: 0 });
    expect(readLabelOfLength(blank, 18)).toBeUndefined();
  });
});
