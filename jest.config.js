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
module.exports = {
  reporters: ['default', '<rootDir>/test/support/summary-reporter.js'],
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/{apps,libs,test,tools}/**/*.spec.ts'] },
    { ...common, displayName: 'medium', testMatch: ['<rootDir>/{apps,libs,test,tools}/**/*.medium-spec.ts'] },
    { ...common, displayName: 'e2e', testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'] },
    // `npm run chaos` only (minutes of faults; not part of `npm test`)
    ...(process.env.CADDIE_CHAOS ? [{ ...common, displayName: 'chaos', testMatch: ['<rootDir>/test/chaos/**/*.chaos-spec.ts'] }] : []),
  ],
};
