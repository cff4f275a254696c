/**
 * The glyph file format the PyTorch trainer reads (tools/training/train_digits.py): per glyph one
 * label byte (0..9, or NOT_A_DIGIT) and then 28x28 ink bytes (0..255), row-major.
 */
import { MNIST_SIDE } from '@caddie/handwriting-training';

export const GLYPH_BYTES = 1 + MNIST_SIDE * MNIST_SIDE;

/** One glyph's record: its label, then its ink (0..1) as bytes. */
export function glyphRecord(label: number, image: ArrayLike<number>): Buffer {
  const bytes = Buffer.alloc(GLYPH_BYTES);
  bytes[0] = label;
  for (let i = 0; i < MNIST_SIDE * MNIST_SIDE; i++) bytes[1 + i] = Math.round(Math.min(1, Math.max(0, image[i])) * 255);
  return bytes;
}
