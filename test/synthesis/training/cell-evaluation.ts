import type { CellReading, HandwritingProvider } from '@caddie/handwriting';
import type { ScoredReading } from '@caddie/handwriting-training';
import { synthesizeDigitCell, type CellSynthesisOptions, type SynthesizedCell } from '../cells/cell-synthesis';

/** Synthesized cells for seeds first..first+count-1 (pure function of the seeds). */
export function synthesizeCells(first: number, count: number, options: CellSynthesisOptions): SynthesizedCell[] {
  const cells: SynthesizedCell[] = [];
  for (let k = 0; k < count; k++) cells.push(synthesizeDigitCell(first + k, options));
  return cells;
}

/** Whether a reading states exactly the truth (a blank cell must read blank; a number its exact literal). */
export function readingIsCorrect(reading: CellReading, truth: string | null): boolean {
  return truth === null ? reading.blank : !reading.blank && reading.literal === truth;
}

export interface CellEvaluation {
  readings: CellReading[];
  scored: ScoredReading[];
  accuracy: number;
}

/** Reads synthesized cells in batches of about one page and scores them against their truth. */
export async function evaluateCells(provider: HandwritingProvider, cells: readonly SynthesizedCell[], batch = 40): Promise<CellEvaluation> {
  const readings: CellReading[] = [];
  for (let k = 0; k < cells.length; k += batch) readings.push(...(await provider.readCells(cells.slice(k, k + batch).map((c) => c.cell))));
  const scored = readings.map((r, k) => ({ confidence: r.confidence, correct: readingIsCorrect(r, cells[k].literal) }));
  return { readings, scored, accuracy: scored.filter((s) => s.correct).length / Math.max(1, scored.length) };
}
