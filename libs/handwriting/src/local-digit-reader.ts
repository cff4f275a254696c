import type { HandwritingCalibration } from './calibration';
import { defaultModelDirectory, loadDigitClassifier, readCalibration, type DigitRuntimeChoice } from './model-files';
import {
  HandwritingProviderError,
  type CellAlternative,
  type CellImage,
  type CellReading,
  type FieldRole,
  type HandwritingProvider,
  type RoleThresholds,
} from './provider';
import { decideDigitCell, decideTextCell, type DigitCellDecision } from './reading/cell-reading';
import { segmentCell, type CellSegmentation } from './reading/cell-segmentation';
import type { DigitClassifier, DigitRuntime } from './reading/digit-network';
import { softmax } from './reading/glyph-classes';
import { normalizeGlyph } from './reading/glyph-normalization';

export interface LocalDigitReaderOptions {
  /** Folder with digit-classifier.json, its weights and calibration.json (default: the committed libs/handwriting/model). */
  modelDirectory?: string;
  /** Use these instead of the files (training and evaluation). */
  calibration?: Pick<HandwritingCalibration, 'temperature' | 'acceptThreshold'> & Partial<Pick<HandwritingCalibration, 'weightsSha256' | 'roles'>>;
  network?: DigitClassifier;
  /** Which engine runs the committed networks (default auto: ONNX Runtime where it loads). */
  runtime?: DigitRuntimeChoice;
}

/**
 * The default handwriting provider: segments each digit cell, classifies its glyphs with the
 * committed convolutional network and combines them into a calibrated reading. It cannot read free
 * text: text cells are only judged blank or not.
 */
export class LocalDigitReader implements HandwritingProvider {
  readonly name = 'local-digits';
  readonly readsText = false;
  readonly acceptThreshold: number;
  readonly roleThresholds?: Readonly<Record<FieldRole, RoleThresholds>>;
  /** Divides the classifier's logits (fitted on the calibration range). */
  readonly temperature: number;
  private readonly modelDirectory: string;
  private readonly weightsSha256?: string;
  private readonly runtimeChoice: DigitRuntimeChoice;
  private network?: DigitClassifier;
  private loading?: Promise<DigitClassifier>;

  /**
   * Reads calibration.json at once (the accept threshold must be known up front); the network
   * loads on first use, so a missing or mismatched model file fails requests with its own code.
   */
  constructor(options: LocalDigitReaderOptions = {}) {
    const modelDirectory = options.modelDirectory ?? (options.calibration && options.network ? '' : defaultModelDirectory());
    const calibration = options.calibration ?? readCalibration(modelDirectory);
    this.modelDirectory = modelDirectory;
    this.acceptThreshold = calibration.acceptThreshold;
    const { roles } = calibration;
    if (roles) {
      const thresholds = (role: FieldRole): RoleThresholds => ({ number: roles[role].number.acceptThreshold, blank: roles[role].blank.acceptThreshold });
      this.roleThresholds = { entry: thresholds('entry'), sum: thresholds('sum') };
    }
    this.temperature = calibration.temperature;
    this.weightsSha256 = calibration.weightsSha256;
    this.network = options.network;
    this.runtimeChoice = options.runtime ?? 'auto';
  }

  /** Loads the network now (start-up) instead of on the first request. */
  async ready(): Promise<void> {
    await this.loadNetwork();
  }

  /** The engine that runs the networks, once loaded. */
  get runtime(): DigitRuntime | undefined {
    return this.network?.runtime;
  }

  async readCells(cells: readonly CellImage[], options: { signal?: AbortSignal } = {}): Promise<CellReading[]> {
    if (options.signal?.aborted) throw new HandwritingProviderError('provider-unavailable', 'the reading was cancelled before it started');
    const network = await this.loadNetwork();
    const segmented: { cell: CellImage; segmentation: CellSegmentation; maxDigits: number; firstGlyph: number; firstLightGlyph: number }[] = [];
    const glyphImages: Float32Array[] = [];
    const addGlyphs = (segmentation: CellSegmentation | undefined) => {
      const first = glyphImages.length;
      for (const glyph of segmentation?.glyphs ?? []) glyphImages.push(normalizeGlyph(glyph, segmentation!.width));
      return first;
    };
    for (const cell of cells) {
      checkRaster(cell);
      const maxDigits = Math.min(3, Math.max(1, Math.round(cell.maxDigits ?? 3)));
      const segmentation = segmentCell(cell.image, maxDigits);
      const digits = cell.content === 'digits';
      const firstGlyph = digits ? addGlyphs(segmentation) : glyphImages.length;
      const firstLightGlyph = digits ? addGlyphs(segmentation.lightWriting) : glyphImages.length;
      segmented.push({ cell, segmentation, maxDigits, firstGlyph, firstLightGlyph });
    }
    if (options.signal?.aborted) throw new HandwritingProviderError('provider-unavailable', 'the reading was cancelled');
    const probabilities = (await network.logits(glyphImages)).map((logits) => softmax(logits, this.temperature));
    return segmented.map(({ cell, segmentation, maxDigits, firstGlyph, firstLightGlyph }) => {
      if (cell.content !== 'digits') return { id: cell.id, ...decideTextCell(segmentation) };
      const decision = decideDigitCell(segmentation, probabilities.slice(firstGlyph, firstGlyph + segmentation.glyphs.length), maxDigits, cell.range);
      const light = segmentation.lightWriting;
      if (!light) return { id: cell.id, ...decision };
      // Strokes too light for the ink thresholds: still an uncertain blank, their reading its guesses.
      const guess = decideDigitCell(light, probabilities.slice(firstLightGlyph, firstLightGlyph + light.glyphs.length), maxDigits, cell.range);
      return { id: cell.id, ...decision, alternatives: lightGuesses(guess, decision.confidence) };
    });
  }

  private async loadNetwork(): Promise<DigitClassifier> {
    if (this.network) return this.network;
    // One load for concurrent first requests; not kept on failure, so a fixed model folder serves the next request.
    this.loading ??= loadDigitClassifier(this.modelDirectory, this.weightsSha256, this.runtimeChoice).finally(() => (this.loading = undefined));
    this.network = await this.loading;
    return this.network;
  }
}

/**
 * The number readings of light strokes, best first, as a blank reading's alternatives: ranked
 * below the reading as alternatives are (their confidence at most the blank's, which is none),
 * so they name a guess for review and weigh nothing in the card's arithmetic.
 */
function lightGuesses(reading: DigitCellDecision, blankConfidence: number): CellAlternative[] {
  const named = reading.blank || reading.literal === null ? [] : [{ literal: reading.literal, confidence: reading.confidence }];
  return [...named, ...reading.alternatives]
    .filter((a) => a.literal !== '')
    .slice(0, 3)
    .map((a) => ({ literal: a.literal, confidence: Math.min(a.confidence, blankConfidence) }));
}

function checkRaster(cell: CellImage): void {
  const { width, height, data } = cell.image;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 8 || height < 8 || data.length < width * height) {
    throw new RangeError(`cell ${cell.id}: image must be at least 8x8 with width*height bytes, got ${width}x${height} (${data.length} bytes)`);
  }
  const { range } = cell;
  if (range && !(Number.isInteger(range.min) && Number.isInteger(range.max) && range.min >= 0 && range.min <= range.max)) {
    throw new RangeError(`cell ${cell.id}: range must be whole numbers 0 <= min <= max, got ${range.min}..${range.max}`);
  }
}
