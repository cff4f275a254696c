import { builtinModules } from 'node:module';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const TEST_FILE = /\.(spec|medium-spec|e2e-spec|chaos-spec)\.ts$/;
/**
 * Libs that only tools/, bench/ and tests import (training machinery: the MNIST gate, calibration
 * fitting). They are not production code: they may use devDependencies, and production never imports them.
 */
const TRAINING_LIBS = ['handwriting-training'];

/** Not production: a lib's `src/testing/` helpers (tsconfig.build.json leaves them out) and the training libs. */
function notProduction(path: string): boolean {
  const rel = relative(ROOT, path).split(sep).join('/');
  return /^libs\/[a-z-]+\/src\/testing$/.test(rel) || TRAINING_LIBS.some((lib) => rel === `libs/${lib}`);
}

/** Production TypeScript files under a folder (tests, test helpers, training libs and generated output left out). */
function productionFiles(folder: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === '__golden__') continue;
      const path = join(dir, entry.name);
      if (notProduction(path)) continue;
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name) && !TEST_FILE.test(entry.name)) found.push(path);
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

/** Specifiers of the imports that exist at run time (`import type` and `export type` are erased). */
function runtimeImportsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/(?:^|\n)\s*(?:import|export)\s(?!type\s)[^;]*?from\s+'([^']+)'/g)].map((m) => m[1]);
}

/** The file a specifier names (`@caddie/x` is libs/x/src/index.ts), or null for a package. */
function resolveImport(from: string, specifier: string): string | null {
  const lib = /^@caddie\/([a-z-]+)$/.exec(specifier);
  const base = lib ? join(ROOT, 'libs', lib[1], 'src', 'index') : specifier.startsWith('.') ? resolve(dirname(from), specifier) : null;
  if (base === null) return null;
  return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((candidate) => existsSync(candidate) && statSync(candidate).isFile()) ?? null;
}

/** A lib's public entries: its `index.ts`, and `browser.ts` for what a browser bundle may take. */
const LIB_ENTRY = /^libs\/[a-z-]+\/src\/(index|browser)\.ts$/;

/** An import from one lib or app into another lib's files other than its entries. */
function deepImport(fromFile: string, target: string): boolean {
  const owner = (file: string) => relative(ROOT, file).split(sep).slice(0, 2).join('/');
  const to = relative(ROOT, target).split(sep).join('/');
  return to.startsWith('libs/') && owner(fromFile) !== owner(target) && !LIB_ENTRY.test(to);
}

/** Every strongly connected group of two or more files (Tarjan): each is an import cycle. */
function importCycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string) => {
    order.set(file, counter);
    low.set(file, counter++);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!graph.has(next)) continue;
      if (!order.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, order.get(next)!));
    }
    if (low.get(file) !== order.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1) cycles.push(group.map((f) => relative(ROOT, f)).sort());
  };
  for (const file of graph.keys()) if (!order.has(file)) visit(file);
  return cycles;
}

function productionImportGraph(): Map<string, string[]> {
  const files = [...productionFiles('libs'), ...productionFiles('apps')];
  return new Map(
    files.map((file) => [
      file,
      runtimeImportsOf(file)
        .map((s) => resolveImport(file, s))
        .filter((f): f is string => f !== null),
    ]),
  );
}

/** The npm package a bare specifier names (`@scope/name/sub` is `@scope/name`), or null for a relative path, a Node builtin or a lib. */
function packageOf(specifier: string): string | null {
  if (specifier.startsWith('.') || specifier.startsWith('node:') || specifier.startsWith('@caddie/')) return null;
  const name = specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
  return builtinModules.includes(name) ? null : name;
}

/** Run-time imports of packages that `npm ci --omit=dev` (the Docker image) does not install. */
function devOnlyImports(files: string[], productionDependencies: ReadonlySet<string>): string[] {
  return files.flatMap((file) =>
    [...runtimeImportsOf(file), ...[...readFileSync(file, 'utf8').matchAll(/\brequire\('([^']+)'\)/g)].map((m) => m[1])]
      .filter((s) => {
        const name = packageOf(s);
        return name !== null && !productionDependencies.has(name);
      })
      .map((s) => `${relative(ROOT, file)} imports ${s}, which is not in package.json "dependencies"`),
  );
}

function offending(folder: string, forbidden: (specifier: string) => boolean): string[] {
  return productionFiles(folder).flatMap((file) =>
    importsOf(file)
      .filter(forbidden)
      .map((specifier) => `${relative(ROOT, file)} imports ${specifier}`),
  );
}

describe('layering (docs/architecture.md)', () => {
  it('finds a cycle and a deep import when there is one (the checks below can fail)', () => {
    const a = join(ROOT, 'libs/catalog/src/a.ts');
    const b = join(ROOT, 'libs/catalog/src/b.ts');
    const c = join(ROOT, 'libs/catalog/src/c.ts');
    expect(
      importCycles(
        new Map([
          [a, [b]],
          [b, [c]],
          [c, [a]],
        ]),
      ),
    ).toEqual([['libs/catalog/src/a.ts', 'libs/catalog/src/b.ts', 'libs/catalog/src/c.ts']]);
    expect(
      importCycles(
        new Map([
          [a, [b]],
          [b, [c]],
          [c, []],
        ]),
      ),
    ).toEqual([]);
    expect(deepImport(join(ROOT, 'apps/api/src/x.ts'), join(ROOT, 'libs/renderer/src/overlays/overlay-drawing.ts'))).toBe(true);
    expect(deepImport(join(ROOT, 'libs/printables/src/x.ts'), join(ROOT, 'libs/renderer/src/painters/woods-edge.ts'))).toBe(true);
    expect(deepImport(join(ROOT, 'apps/console/src/x.ts'), join(ROOT, 'libs/renderer/src/browser.ts'))).toBe(false);
    expect(deepImport(join(ROOT, 'apps/api/src/x.ts'), join(ROOT, 'libs/renderer/src/index.ts'))).toBe(false);
    expect(deepImport(join(ROOT, 'libs/renderer/src/a.ts'), join(ROOT, 'libs/renderer/src/painters/woods-edge.ts'))).toBe(false);
  });

  it('has no import cycle between production files', () => {
    const graph = productionImportGraph();
    expect(graph.size).toBeGreaterThan(150);
    expect(importCycles(graph)).toEqual([]);
  });

  it('imports another lib only through its entries (index.ts, browser.ts), never a file deep in its src/', () => {
    const deep = [...productionImportGraph()].flatMap(([file, targets]) =>
      targets.filter((t) => deepImport(file, t)).map((t) => `${relative(ROOT, file)} imports ${relative(ROOT, t)}`),
    );
    expect(deep).toEqual([]);
  });

  it('finds the production files it checks', () => {
    expect(productionFiles('libs').length).toBeGreaterThan(100);
    expect(productionFiles('apps').length).toBeGreaterThan(50);
    expect(importsOf(join(ROOT, 'libs/jobs/src/map-jobs.ts'))).toContain('@caddie/styles');
  });

  it('keeps the job contract (libs/jobs) free of the renderer, types included', () => {
    expect(offending('libs/jobs', (s) => s === '@caddie/renderer')).toEqual([]);
  });

  it('keeps the libs free of NestJS and of the apps', () => {
    expect(offending('libs', (s) => s.startsWith('@nestjs/') || /(^|\/)apps\//.test(s))).toEqual([]);
  });

  it('finds a production import of a devDependency when there is one (the check below can fail)', () => {
    const file = join(ROOT, 'libs/handwriting-training/src/mnist-source.ts');
    expect(devOnlyImports([file], new Set(['zod']))).toEqual([
      `libs/handwriting-training/src/mnist-source.ts imports mnist, which is not in package.json "dependencies"`,
    ]);
    expect(devOnlyImports([file], new Set(['mnist']))).toEqual([]);
    expect(packageOf('@aws-sdk/client-s3/dist')).toBe('@aws-sdk/client-s3');
    expect(packageOf('node:fs')).toBeNull();
    expect(packageOf('fs')).toBeNull();
    expect(notProduction(join(ROOT, 'libs/fiducials/src/testing'))).toBe(true);
    expect(notProduction(join(ROOT, 'libs/handwriting-training'))).toBe(true);
    expect(notProduction(join(ROOT, 'libs/handwriting'))).toBe(false);
  });

  it('imports at run time only packages the production install has (package.json "dependencies")', () => {
    const { dependencies } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    // The console's browser code is bundled by Vite at build time: its packages (preact, maplibre-gl) are build inputs, not run-time ones.
    const serverFiles = [...productionFiles('libs'), ...productionFiles('apps')].filter((f) => !relative(ROOT, f).startsWith(join('apps', 'console')));
    expect(devOnlyImports(serverFiles, new Set(Object.keys(dependencies)))).toEqual([]);
  });

  it('keeps the training libs (MNIST, calibration fitting) out of production code', () => {
    const training = (s: string) => TRAINING_LIBS.some((lib) => s === `@caddie/${lib}`);
    expect(offending('libs', training)).toEqual([]);
    expect(offending('apps', training)).toEqual([]);
  });

  it('keeps the test-side generators (@caddie/synthesis) and test support out of production code', () => {
    const testSide = (s: string) => s === '@caddie/synthesis' || /(^|\/)test\//.test(s);
    expect(offending('libs', testSide)).toEqual([]);
    expect(offending('apps', testSide)).toEqual([]);
  });
});
