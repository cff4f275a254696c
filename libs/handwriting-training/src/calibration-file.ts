import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CALIBRATION_FILE, calibrationSchema, type HandwritingCalibration } from '@caddie/handwriting';

/** Writes calibration.json into a model directory (the training tool's output; the service only reads it, `readCalibration`). */
export function writeCalibration(directory: string, calibration: HandwritingCalibration): void {
  mkdirSync(directory, { recursive: true });
  writeFileSync(join(directory, CALIBRATION_FILE), `${JSON.stringify(calibrationSchema.parse(calibration), null, 2)}\n`);
}
