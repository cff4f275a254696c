// One Jest run, three projects split by file suffix (see CONTRIBUTING.md):
//   unit   *.spec.ts          pure code, no I/O
//   medium *.medium-spec.ts   real Redis, PostgreSQL, SQLite, s3rver
//   e2e    *.e2e-spec.ts      the built HTTP API and worker processes as a client sees them
const moduleNameMapper = {
  // Test-side generators (not a lib); listed first so the libs pattern below does not claim it.
  '^@caddie/synthesis$': '<rootDir>/test/synthesis/index.ts',
  '^@caddie/([a-z-]+)$': '<rootDir>/libs/$1/src/index.ts',
  '^quick-lru$': '<rootDir>/test/support/quick-lru-shim.js',
};
const transform = {
  '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json', diagnostics: false }],
};
const common = {
  rootDir: __dirname,
  moduleFileExtensions: ['ts', 'js', 'json'],
  testEnvironment: '<rootDir>/test/support/node-environment.js',
  transform,
  moduleNameMapper,
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};
/**
 * The chaos suites `npm test` runs too (as e2e): the frozen-Redis worker and the OpenAPI fuzzer,
 * under a minute or so each. The others (killed workers under `npm start`, a Redis outage, 60
 * parallel 4 MB uploads) take minutes each and stay in `npm run chaos`.
 */
const CHAOS_IN_NPM_TEST = ['worker-redis-freeze', 'openapi-fuzz'];
module.exports = {
  reporters: ['default', '<rootDir>/test/support/summary-reporter.js'],
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/{apps,libs,test,tools}/**/*.spec.ts'] },
    { ...common, displayName: 'medium', testMatch: ['<rootDir>/{apps,libs,test,tools}/**/*.medium-spec.ts'] },
    // with the chaos suites that fit CI's time (about two minutes together on a loaded 2-core machine)
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/**/*.e2e-spec.ts', ...CHAOS_IN_NPM_TEST.map((name) => `<rootDir>/test/chaos/${name}.chaos-spec.ts`)],
    },
    // `npm run chaos`: every chaos suite (about twelve minutes of faults on a loaded machine)
    ...(process.env.CADDIE_CHAOS ? [{ ...common, displayName: 'chaos', testMatch: ['<rootDir>/test/chaos/**/*.chaos-spec.ts'] }] : []),
  ],
};
