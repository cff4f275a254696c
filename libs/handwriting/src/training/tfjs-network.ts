import { writeFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type * as TfCore from '@tensorflow/tfjs-core';
import type * as TfLayers from '@tensorflow/tfjs-layers';
import { NETWORK_FILE, NETWORK_FORMAT, WEIGHTS_FILE, sha256 } from '../model-files';
import { DIGIT_CLASSES } from '../reading/glyph-classes';
import { DigitNetwork, PATCH_FEATURES, PATCH_POSITIONS, glyphPatches } from '../reading/digit-network';

/** tfjs trains the network (and checks the plain forward pass); reading needs none of it. */
interface Tfjs {
  tf: typeof TfCore;
  tfl: typeof TfLayers;
}

let runtime: Tfjs | undefined;

/**
 * tfjs in Node without tfjs-node, loaded on first use (importing @caddie/handwriting must not
 * load it): pure-JS CPU backend in production mode, which also silences the "looks like you
 * are running TensorFlow.js in Node.js" banner that would break JSON logs.
 */
export function tfjs(): Tfjs {
  if (!runtime) {
    const tf = require('@tensorflow/tfjs-core') as typeof TfCore;
    require('@tensorflow/tfjs-backend-cpu');
    const tfl = require('@tensorflow/tfjs-layers') as typeof TfLayers;
    tf.enableProdMode();
    // The CPU backend initializes synchronously; the returned promise carries nothing more.
    void tf.setBackend('cpu');
    runtime = { tf, tfl };
  }
  return runtime;
}

/**
 * The classifier as a tfjs model for training: a strided two-layer convolution written as
 * dense layers over patches (5x5/2, then 2x2/2 blocks; tfjs's CPU convolution trains several
 * times slower than the same arithmetic as matrix products), a dense layer, logits.
 * DigitNetwork runs the same arithmetic without tfjs.
 */
export function buildDigitNetwork(seed: number): TfLayers.Sequential {
  const { tfl } = tfjs();
  const init = (offset: number) => tfl.initializers.heNormal({ seed: seed + offset });
  const first = 12;
  const second = 24;
  return tfl.sequential({
    layers: [
      tfl.layers.dense({ inputShape: [PATCH_POSITIONS, PATCH_FEATURES], units: first, activation: 'relu', kernelInitializer: init(1) }),
      tfl.layers.reshape({ targetShape: [7, 2, 7, 2, first] }),
      tfl.layers.permute({ dims: [1, 3, 2, 4, 5] }),
      tfl.layers.reshape({ targetShape: [49, 4 * first] }),
      tfl.layers.dense({ units: second, activation: 'relu', kernelInitializer: init(2) }),
      tfl.layers.flatten(),
      tfl.layers.dense({ units: 64, activation: 'relu', kernelInitializer: init(4) }),
      tfl.layers.dense({ units: DIGIT_CLASSES, kernelInitializer: tfl.initializers.glorotUniform({ seed: seed + 5 }) }),
    ],
  });
}

/** One training step on a batch of labelled glyphs; returns the batch loss. */
export async function trainOnGlyphs(network: TfLayers.LayersModel, images: readonly Float32Array[], labels: readonly number[]): Promise<number> {
  const { tf } = tfjs();
  const x = tf.tensor3d(glyphPatches(images), [images.length, PATCH_POSITIONS, PATCH_FEATURES]);
  const y = tf.oneHot(tf.tensor1d(Array.from(labels), 'int32'), DIGIT_CLASSES);
  try {
    const loss = await network.trainOnBatch(x, y);
    return Array.isArray(loss) ? loss[0] : loss;
  } finally {
    tf.dispose([x, y]);
  }
}

/** Compiles the network for training on logits with Adam; returns a setter for the learning rate. */
export function compileForTraining(network: TfLayers.LayersModel, learningRate: number): (rate: number) => void {
  const { tf } = tfjs();
  const optimizer = tf.train.adam(learningRate);
  network.compile({ optimizer, loss: (labels: TfCore.Tensor, logits: TfCore.Tensor) => tf.losses.softmaxCrossEntropy(labels, logits) });
  return (rate) => {
    (optimizer as unknown as { learningRate: number }).learningRate = rate;
  };
}

/** The tfjs model's weights as the plain forward pass's layers. */
export function toDigitNetwork(network: TfLayers.LayersModel): DigitNetwork {
  const weights = network.getWeights();
  const layers = [];
  for (let k = 0; k < weights.length; k += 2) {
    const [inputs, units] = weights[k].shape;
    layers.push({ kernel: weights[k].dataSync() as Float32Array, bias: weights[k + 1].dataSync() as Float32Array, inputs, units });
  }
  return new DigitNetwork(layers);
}

/** tfjs's own logits for glyphs (the reference the plain forward pass is checked against). */
export function tfjsLogits(network: TfLayers.LayersModel, glyphs: readonly Float32Array[]): Float32Array[] {
  const { tf } = tfjs();
  const values = tf.tidy(() => {
    const input = tf.tensor3d(glyphPatches(glyphs), [glyphs.length, PATCH_POSITIONS, PATCH_FEATURES]);
    return (network.predict(input) as TfCore.Tensor).dataSync() as Float32Array;
  });
  return glyphs.map((_, k) => values.slice(k * DIGIT_CLASSES, (k + 1) * DIGIT_CLASSES));
}

/** Writes the topology (JSON, with the weights' sha256) and the float32 weights; returns the sha256. */
export async function saveDigitNetwork(network: TfLayers.LayersModel, directory: string): Promise<string> {
  const { tf } = tfjs();
  mkdirSync(directory, { recursive: true });
  let digest = '';
  await network.save(
    tf.io.withSaveHandler(async (artifacts) => {
      const weightData = artifacts.weightData;
      if (!weightData || !artifacts.weightSpecs) throw new Error('the network has no weights to save');
      const bytes = new Uint8Array(Array.isArray(weightData) ? tf.io.concatenateArrayBuffers(weightData) : weightData);
      digest = sha256(bytes);
      const json = { format: NETWORK_FORMAT, modelTopology: artifacts.modelTopology, weightSpecs: artifacts.weightSpecs, weightsSha256: digest };
      writeFileSync(join(directory, NETWORK_FILE), `${JSON.stringify(json)}\n`);
      writeFileSync(join(directory, WEIGHTS_FILE), bytes);
      return { modelArtifactsInfo: { dateSaved: new Date(), modelTopologyType: 'JSON' } };
    }),
    { includeOptimizer: false },
  );
  return digest;
}

/** Loads the saved network back into tfjs (re-evaluating a trained model, checking the plain forward pass). */
export async function loadLayersNetwork(directory: string): Promise<TfLayers.LayersModel> {
  const { tf, tfl } = tfjs();
  const json = JSON.parse(readFileSync(join(directory, NETWORK_FILE), 'utf8')) as { modelTopology: object; weightSpecs: TfCore.io.WeightsManifestEntry[] };
  const weights = readFileSync(join(directory, WEIGHTS_FILE));
  const weightData = weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength) as ArrayBuffer;
  return tfl.loadLayersModel(tf.io.fromMemory({ modelTopology: json.modelTopology, weightSpecs: json.weightSpecs, weightData }));
}
