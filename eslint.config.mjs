// ESLint: typescript-eslint's recommended rules plus the conventions of CONTRIBUTING.md that a
// linter can check. Formatting is Prettier's (.prettierrc.json); `npm run lint` runs both.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const TESTS = ['**/*.spec.ts', '**/*.medium-spec.ts', '**/*.e2e-spec.ts', '**/*.chaos-spec.ts', 'test/**', 'bench/**', 'tools/**'];

export default tseslint.config(
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  { ignores: ['**/node_modules/**', 'dist/**', 'test-results/**', 'var/**', '**/*.js', '**/*.mjs', '**/*.cjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      // `_name` marks a binding kept on purpose (a destructured field left out, a required parameter).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      // require() only for what is loaded lazily or is not ESM-importable: OpenCV.js and MNIST (large
      // parses paid only by their callers), ONNX Runtime (optional native module), swagger-ui-dist's
      // path helper, and the plain-CommonJS build script in its test.
      '@typescript-eslint/no-require-imports': [
        'error',
        { allow: ['^@techstark/opencv-js$', '^mnist$', '^onnxruntime-node$', '^swagger-ui-dist$', '^\\./build\\.js$'] },
      ],
    },
  },
  {
    // Tests read JSON answers and fakes loosely; production code states its types.
    files: TESTS,
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // The environment is parsed once per process (libs/config, the API's config, the supervisor that
    // passes it to its children); nothing else in production code reads process.env.
    files: ['apps/**/*.ts', 'apps/**/*.tsx', 'libs/**/*.ts'],
    ignores: [
      ...TESTS,
      'libs/config/**',
      'apps/api/src/platform/config/**',
      'apps/api/src/cli/start.ts',
      'libs/*/src/testing/**',
      'libs/renderer/src/render/golden-images.ts',
    ],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration through libs/config (one parse per process).' }],
    },
  },
  {
    // Libraries import no framework and no app (docs/architecture.md); test/platform/layering.spec.ts checks the same.
    files: ['libs/**/*.ts'],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@nestjs/*'], message: 'Libs import no NestJS.' },
            { group: ['**/apps/**'], message: 'Libs import no app.' },
          ],
        },
      ],
    },
  },
);
