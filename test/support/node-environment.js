// Jest's Node environment with Node's own Float32Array in the test sandbox. Jest gives each test
// file a realm of its own, with typed-array classes of its own; a native addon (onnxruntime-node,
// which runs the digit networks) hands back typed arrays of Node's realm, and its JavaScript side
// then rejects them by `instanceof` ("A float32 tensor's data must be type of Float32Array").
// The service runs in one realm, so this only makes the tests see what the service sees.
const { TestEnvironment } = require('jest-environment-node');

class CaddieNodeEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.global.Float32Array = Float32Array;
  }
}

module.exports = CaddieNodeEnvironment;
