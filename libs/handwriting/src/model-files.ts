import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { calibrationSchema, type HandwritingCalibration } from './calibration';
import { HandwritingProviderError } from './provider';
import { DigitEnsemble, DigitNetwork, DigitNetworkError, type DigitClassifier, type NetworkLayer } from './reading/digit-network';
import { OnnxDigitClassifier } from './reading/onnx-classifier';

export const NETWORK_FILE = 'digit-classifier.json';
export const WEIGHTS_FILE = 'digit-classifier.weights.bin';
export const CALIBRATION_FILE = 'calibration.json';
export const NETWORK_FORMAT = 'caddie-digit-classifier@2';
/** Networks of the NETWORK_FORMAT kind whose logits are averaged; one weights file, members in turn. */
export const ENSEMBLE_FORMAT = 'caddie-digit-ensemble@1';

/**
 * The committed model folder, `libs/handwriting/model` of the repository. Found by walking up
 * from this file to the folder holding package.json, so it works from the sources (Jest,
 * tools) and from the build output (dist/libs/handwriting/src/…) alike.
 */
export function defaultModelDirectory(from: string = __dirname): string {
  let dir = from;
  for (;;) {
    const candidate = join(dir, 'libs', 'handwriting', 'model');
    if (existsSync(join(dir, 'package.json')) && existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) throw new HandwritingProviderError('provider-unavailable', `no libs/handwriting/model folder above ${from}`);
    dir = parent;
  }
}

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Reads and validates calibration.json; missing → provider-unavailable, malformed → provider-misconfigured. */
export function readCalibration(directory: string): HandwritingCalibration {
  const path = join(directory, CALIBRATION_FILE);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new HandwritingProviderError('provider-unavailable', `handwriting calibration ${path} cannot be read: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new HandwritingProviderError('provider-misconfigured', `handwriting calibration ${path} is not JSON`);
  }
  const parsed = calibrationSchema.safeParse(json);
  if (!parsed.success)
    throw new HandwritingProviderError('provider-misconfigured', `handwriting calibration ${path} is invalid: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}

interface WeightSpec {
  name: string;
  shape: number[];
  dtype: string;
}

interface LayerSpec {
  type?: unknown;
  inputs?: unknown;
  units?: unknown;
  relu?: unknown;
  maxPool?: unknown;
}

interface NetworkSpec {
  layers?: unknown;
  weightSpecs?: unknown;
}

function isNetworkSpec(spec: NetworkSpec | undefined): spec is { layers: LayerSpec[]; weightSpecs: WeightSpec[] } {
  return !!spec && Array.isArray(spec.weightSpecs) && Array.isArray(spec.layers) && spec.weightSpecs.length === 2 * spec.layers.length;
}

/** Which engine runs the networks: ONNX Runtime where it loads (`auto` falls back to TypeScript where it does not), or one of them. */
export type DigitRuntimeChoice = 'auto' | 'onnxruntime' | 'typescript';

/**
 * The committed classifier, run by ONNX Runtime (`auto`, the default, uses the TypeScript forward
 * pass instead only where the runtime's native binding cannot load). Both run the same weights
 * and are tested against the logits PyTorch recorded for them. Errors as readDigitNetwork's; a
 * runtime asked for by name that cannot load → provider-unavailable.
 */
export async function loadDigitClassifier(directory: string, expectedSha256?: string, runtime: DigitRuntimeChoice = 'auto'): Promise<DigitClassifier> {
  const network = readDigitNetwork(directory, expectedSha256);
  if (runtime === 'typescript') return network;
  const ort = OnnxDigitClassifier.loadRuntime();
  if (!ort) {
    if (runtime === 'auto') return network;
    throw new HandwritingProviderError('provider-unavailable', 'onnxruntime-node cannot load on this platform');
  }
  const members = network instanceof DigitEnsemble ? network.members.map((m) => m.layers) : [(network as DigitNetwork).layers];
  try {
    return await OnnxDigitClassifier.create(ort, members);
  } catch (error) {
    throw new HandwritingProviderError('provider-misconfigured', `onnxruntime-node refused the digit model: ${(error as Error).message}`);
  }
}

/**
 * Reads the committed classifier (manifest and float32 weights, written by
 * tools/training/train_digits.py, or by tools/training/combine_ensemble.py for an ensemble
 * whose members' weights follow each other in one file) into the plain forward pass. Missing
 * files → provider-unavailable; files that do not match each other, the expected architecture
 * or the calibration → provider-misconfigured.
 */
export function readDigitNetwork(directory: string, expectedSha256?: string): DigitNetwork | DigitEnsemble {
  let json: NetworkSpec & { format?: unknown; combine?: unknown; members?: unknown; weightsSha256?: unknown };
  let weights: Buffer;
  try {
    json = JSON.parse(readFileSync(join(directory, NETWORK_FILE), 'utf8'));
    weights = readFileSync(join(directory, WEIGHTS_FILE));
  } catch (error) {
    if (error instanceof SyntaxError) throw new HandwritingProviderError('provider-misconfigured', `${NETWORK_FILE} is not JSON`);
    throw new HandwritingProviderError('provider-unavailable', `the digit model cannot be read from ${directory}: ${(error as Error).message}`);
  }
  const members: unknown[] | null =
    json.format === NETWORK_FORMAT
      ? [json]
      : json.format === ENSEMBLE_FORMAT && json.combine === 'mean-logits' && Array.isArray(json.members) && json.members.length >= 2
        ? json.members
        : null;
  if (!members || !members.every((m) => isNetworkSpec(m as NetworkSpec))) {
    throw new HandwritingProviderError('provider-misconfigured', `${NETWORK_FILE} is not a ${NETWORK_FORMAT} or ${ENSEMBLE_FORMAT} file`);
  }
  const digest = sha256(weights);
  if (json.weightsSha256 !== digest || (expectedSha256 !== undefined && expectedSha256 !== digest)) {
    throw new HandwritingProviderError('provider-misconfigured', 'the digit model weights do not match their manifest or the calibration');
  }
  const floats = new Float32Array(weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength));
  let offset = 0;
  const take = (spec: WeightSpec | undefined, shape: number[]): Float32Array => {
    if (!spec || spec.dtype !== 'float32' || !Array.isArray(spec.shape) || spec.shape.join(',') !== shape.join(',')) {
      throw new HandwritingProviderError(
        'provider-misconfigured',
        `the digit model weight ${spec?.name ?? offset} does not have the shape [${shape.join(', ')}] its layer needs`,
      );
    }
    const size = shape.reduce((a, b) => a * b, 1);
    if (offset + size > floats.length) throw new HandwritingProviderError('provider-misconfigured', 'the digit model weights are shorter than their manifest');
    const values = floats.subarray(offset, offset + size);
    offset += size;
    return values;
  };
  const networks = (members as { layers: LayerSpec[]; weightSpecs: WeightSpec[] }[]).map(({ layers, weightSpecs: specs }) => {
    const parsed: NetworkLayer[] = layers.map((layer, k) => {
      const { type, inputs, units } = layer;
      if (!Number.isInteger(inputs) || !Number.isInteger(units) || (inputs as number) < 1 || (units as number) < 1) {
        throw new HandwritingProviderError('provider-misconfigured', `layer ${k} of the digit model has no valid size`);
      }
      const i = inputs as number;
      const u = units as number;
      if (type === 'conv3x3') {
        // Pooled 2x2 where the manifest says maxPool 2; a convolution without maxPool keeps its size.
        if (layer.maxPool !== undefined && layer.maxPool !== 2)
          throw new HandwritingProviderError('provider-misconfigured', `layer ${k} of the digit model has a pool other than 2x2`);
        return { type, kernel: take(specs[2 * k], [u, i, 3, 3]), bias: take(specs[2 * k + 1], [u]), inputs: i, units: u, pooled: layer.maxPool === 2 };
      }
      if (type === 'dense')
        return { type, kernel: take(specs[2 * k], [i, u]), bias: take(specs[2 * k + 1], [u]), inputs: i, units: u, relu: layer.relu === true };
      throw new HandwritingProviderError('provider-misconfigured', `layer ${k} of the digit model has an unknown type`);
    });
    try {
      return new DigitNetwork(parsed);
    } catch (error) {
      if (error instanceof DigitNetworkError)
        throw new HandwritingProviderError('provider-misconfigured', `the digit model does not fit the reader: ${error.message}`);
      throw error;
    }
  });
  if (offset !== floats.length) throw new HandwritingProviderError('provider-misconfigured', 'the digit model weights are longer than their manifest');
  return networks.length === 1 ? networks[0] : new DigitEnsemble(networks);
}
