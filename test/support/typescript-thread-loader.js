// Lets a worker thread started by code under test (ts-jest) require the project's .ts sources:
// Jest's transform does not reach threads. Transpile only (no type check), @caddie/* as in jest.config.js.
const fs = require('node:fs');
const Module = require('node:module');
const path = require('node:path');
const ts = require('typescript');

const root = path.join(__dirname, '..', '..');
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  const lib = /^@caddie\/([a-z-]+)$/.exec(request);
  const target = lib ? path.join(root, lib[1] === 'synthesis' ? 'test/synthesis/index.ts' : `libs/${lib[1]}/src/index.ts`) : request;
  return resolveFilename.call(this, target, ...rest);
};
const compilerOptions = {
  module: ts.ModuleKind.CommonJS,
  target: ts.ScriptTarget.ES2022,
  esModuleInterop: true,
  experimentalDecorators: true,
  useDefineForClassFields: false,
  inlineSourceMap: true,
};
Module._extensions['.ts'] = (module, filename) => {
  const { outputText } = ts.transpileModule(fs.readFileSync(filename, 'utf8'), { fileName: filename, compilerOptions });
  module._compile(outputText, filename);
};
