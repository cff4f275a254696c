import { GLYPH_SIDE } from '../glyph-side';
import type { NetworkLayer } from './digit-network';

/**
 * The committed digit networks as an ONNX model (bytes of a ModelProto), so that ONNX Runtime can
 * run the same weights as the TypeScript forward pass: input `glyphs` [n, 1, 28, 28], output
 * `logits` [n, DIGIT_CLASSES], the members' logits averaged. Each convolution block is Conv (3x3,
 * padding 1), Relu, then MaxPool 2x2 (floor) where the layer is pooled; dense layers are Gemm on
 * the flattened activations.
 *
 * Built here from the parsed layers rather than committed as a second file, so the weights the
 * calibration certifies (digit-classifier.weights.bin, by its sha256) are the only weights there
 * are. The encoding is the few protobuf fields of onnx.proto that such a graph needs.
 */
export function ensembleOnnxModel(members: readonly (readonly NetworkLayer[])[]): Uint8Array {
  const nodes: Uint8Array[] = [];
  const initializers: Uint8Array[] = [];
  const node = (op: string, inputs: string[], output: string, attributes: Uint8Array[] = []) =>
    nodes.push(message([...inputs.map((i) => text(1, i)), text(2, output), text(3, output), text(4, op), ...attributes.map((a) => bytes(5, a))]));
  const weights = (name: string, dims: number[], values: Float32Array) => {
    initializers.push(tensor(name, dims, values));
    return name;
  };
  const memberOutputs = members.map((layers, m) => {
    let current = 'glyphs';
    let flattened = false;
    layers.forEach((layer, k) => {
      const at = `m${m}.l${k}`;
      if (layer.type === 'conv3x3') {
        const kernel = weights(`${at}.kernel`, [layer.units, layer.inputs, 3, 3], layer.kernel);
        const bias = weights(`${at}.bias`, [layer.units], layer.bias);
        node('Conv', [current, kernel, bias], `${at}.conv`, [attribute('kernel_shape', [3, 3]), attribute('pads', [1, 1, 1, 1])]);
        if (layer.pooled === false) {
          node('Relu', [`${at}.conv`], `${at}.out`);
        } else {
          node('Relu', [`${at}.conv`], `${at}.relu`);
          node('MaxPool', [`${at}.relu`], `${at}.out`, [attribute('kernel_shape', [2, 2]), attribute('strides', [2, 2])]);
        }
      } else {
        if (!flattened) {
          node('Flatten', [current], `${at}.flat`, [attribute('axis', 1)]);
          current = `${at}.flat`;
          flattened = true;
        }
        const kernel = weights(`${at}.kernel`, [layer.inputs, layer.units], layer.kernel);
        const bias = weights(`${at}.bias`, [layer.units], layer.bias);
        node('Gemm', [current, kernel, bias], layer.relu ? `${at}.gemm` : `${at}.out`);
        if (layer.relu) node('Relu', [`${at}.gemm`], `${at}.out`);
      }
      current = `${at}.out`;
    });
    return current;
  });
  if (memberOutputs.length === 1) {
    node('Identity', memberOutputs, 'logits');
  } else {
    node('Sum', memberOutputs, 'sum');
    node('Mul', ['sum', weights('one-over-members', [], Float32Array.of(1 / members.length))], 'logits');
  }
  const graph = message([
    ...nodes.map((n) => bytes(1, n)),
    text(2, 'caddie-digits'),
    ...initializers.map((t) => bytes(5, t)),
    bytes(11, valueInfo('glyphs', ['n', 1, GLYPH_SIDE, GLYPH_SIDE])),
    bytes(12, valueInfo('logits', ['n', 'classes'])),
  ]);
  return message([int(1, IR_VERSION), text(2, 'caddie'), bytes(7, graph), bytes(8, message([text(1, ''), int(2, OPSET)]))]);
}

/** ONNX IR version 7 with the default operator set at version 13: every op above exists there unchanged. */
const IR_VERSION = 7;
const OPSET = 13;
const FLOAT = 1;
const ATTRIBUTE_INT = 2;
const ATTRIBUTE_INTS = 7;

function tensor(name: string, dims: number[], values: Float32Array): Uint8Array {
  const raw = new Uint8Array(values.length * 4);
  const view = new DataView(raw.buffer);
  values.forEach((v, i) => view.setFloat32(i * 4, v, true));
  return message([...dims.map((d) => int(1, d)), int(2, FLOAT), text(8, name), bytes(9, raw)]);
}

/** A float tensor's name and shape (a string is a dimension named at run time). */
function valueInfo(name: string, shape: (number | string)[]): Uint8Array {
  const dims = shape.map((d) => bytes(1, message([typeof d === 'number' ? int(1, d) : text(2, d)])));
  const tensorType = message([int(1, FLOAT), bytes(2, message(dims))]);
  return message([text(1, name), bytes(2, message([bytes(1, tensorType)]))]);
}

/** A node attribute: one integer, or a list of them. */
function attribute(name: string, value: number | number[]): Uint8Array {
  if (typeof value === 'number') return message([text(1, name), int(3, value), int(20, ATTRIBUTE_INT)]);
  return message([text(1, name), ...value.map((v) => int(8, v)), int(20, ATTRIBUTE_INTS)]);
}

/** A varint field (wire type 0). */
function int(field: number, value: number): Uint8Array {
  return concat([varint(field * 8), varint(value)]);
}

function text(field: number, value: string): Uint8Array {
  return bytes(field, new TextEncoder().encode(value));
}

/** A length-delimited field (wire type 2): a string, bytes or an embedded message. */
function bytes(field: number, payload: Uint8Array): Uint8Array {
  return concat([varint(field * 8 + 2), varint(payload.length), payload]);
}

function message(fields: Uint8Array[]): Uint8Array {
  return concat(fields);
}

/** A non-negative integer as a protobuf varint. */
function varint(value: number): Uint8Array {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`not a non-negative integer: ${value}`);
  const out: number[] = [];
  let v = value;
  while (v >= 0x80) {
    out.push((v % 0x80) | 0x80);
    v = Math.floor(v / 0x80);
  }
  out.push(v);
  return Uint8Array.from(out);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
