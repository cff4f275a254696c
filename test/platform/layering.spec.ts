import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const TEST_FILE = /\.(spec|medium-spec|e2e-spec|chaos-spec)\.ts$/;

/** Production TypeScript files under a folder (tests and generated output left out). */
function productionFiles(folder: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === '__golden__') continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !TEST_FILE.test(entry.name)) found.push(path);
    }
  };
  walk(join(ROOT, folder));
  return found;
}

/** Every module specifier a file imports or re-exports. */
function importsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+'([^']+)'/g), ...source.matchAll(/\brequire\('([^']+)'\)/g)].map((m) => m[1]);
}

function offending(folder: string, forbidden: (specifier: string) => boolean): string[] {
  return productionFiles(folder).flatMap((file) => importsOf(file).filter(forbidden).map((specifier) => `${relative(ROOT, file)} imports ${specifier}`));
}

describe('layering (docs/architecture.md)', () => {
  it('finds the production files it checks', () => {
    expect(productionFiles('libs').length).toBeGreaterThan(100);
    expect(productionFiles('apps').length).toBeGreaterThan(50);
    expect(importsOf(join(ROOT, 'libs/jobs/src/map-jobs.ts'))).toContain('@caddie/renderer');
  });

  it('keeps the libs free of NestJS and of the apps', () => {
    expect(offending('libs', (s) => s.startsWith('@nestjs/') || /(^|\/)apps\//.test(s))).toEqual([]);
  });

  it('keeps the test-side generators (@caddie/synthesis) and test support out of production code', () => {
    const testSide = (s: string) => s === '@caddie/synthesis' || /(^|\/)test\//.test(s);
    expect(offending('libs', testSide)).toEqual([]);
    expect(offending('apps', testSide)).toEqual([]);
  });
});
