import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Plain CommonJS (it runs before anything is compiled), so it is required, not imported.
const { build } = require('./build.js') as {
  build(options: { root: string; ifStale?: boolean; steps: FakeSteps }): 'built' | 'current';
};

interface FakeSteps {
  compile(root: string): void;
  buildConsole(root: string, outDir: string): void;
}

/** Build steps that write what the real ones would, and count how often they ran. */
function fakeSteps(): FakeSteps & { compiles: number } {
  const steps = {
    compiles: 0,
    compile(root: string) {
      steps.compiles += 1;
      mkdirSync(join(root, 'dist/apps/api/src'), { recursive: true });
      writeFileSync(join(root, 'dist/apps/api/src/main.js'), '// built\n');
    },
    buildConsole(_root: string, outDir: string) {
      mkdirSync(outDir, { recursive: true });
      writeFileSync(join(outDir, 'index.html'), `<!doctype html><title>${steps.compiles}</title>\n`);
    },
  };
  return steps;
}

describe('tools/build.js', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'caddie-build-'));
    mkdirSync(join(root, 'libs/demo/src'), { recursive: true });
    writeFileSync(join(root, 'libs/demo/src/index.ts'), 'export const hole = 1;\n');
    writeFileSync(join(root, 'tsconfig.json'), '{}\n');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('reuses a current dist/ and rebuilds when a source changes', () => {
    const steps = fakeSteps();
    expect(build({ root, ifStale: true, steps })).toBe('built');
    expect(build({ root, ifStale: true, steps })).toBe('current');
    // A test file is not part of the build: changing it keeps dist/ current.
    writeFileSync(join(root, 'libs/demo/src/index.spec.ts'), 'it("x", () => undefined);\n');
    expect(build({ root, ifStale: true, steps })).toBe('current');
    expect(steps.compiles).toBe(1);
    writeFileSync(join(root, 'libs/demo/src/index.ts'), 'export const hole = 2;\n');
    expect(build({ root, ifStale: true, steps })).toBe('built');
    expect(steps.compiles).toBe(2);
    // Without --if-stale it always builds.
    expect(build({ root, steps })).toBe('built');
    expect(steps.compiles).toBe(3);
  });

  it('rebuilds when the last build left no console or no server code', () => {
    const steps = fakeSteps();
    build({ root, ifStale: true, steps });
    rmSync(join(root, 'dist/apps'), { recursive: true });
    expect(build({ root, ifStale: true, steps })).toBe('built');
  });

  it('keeps the served console and the one before it, and removes older builds', () => {
    const steps = fakeSteps();
    for (let version = 0; version < 4; version += 1) {
      writeFileSync(join(root, 'libs/demo/src/index.ts'), `export const hole = ${version};\n`);
      build({ root, steps });
    }
    const served = readlinkSync(join(root, 'dist/console'));
    const kept = readdirSync(join(root, 'dist/console-builds'));
    expect(kept).toHaveLength(2);
    expect(kept).toContain(served.replace('console-builds/', ''));
  });

  it('moves a console folder of an older build layout aside instead of failing', () => {
    mkdirSync(join(root, 'dist/console'), { recursive: true });
    writeFileSync(join(root, 'dist/console/index.html'), 'old\n');
    build({ root, steps: fakeSteps() });
    expect(readFileSync(join(root, 'dist/console/index.html'), 'utf8')).toContain('<title>');
  });

  it('never leaves a reader of dist/console without its pages while rebuilding', async () => {
    const steps = fakeSteps();
    build({ root, steps });
    // A separate process reads index.html as a running console would, as fast as it can.
    const reader = spawn(process.execPath, [
      '-e',
      `const fs = require('fs'); let reads = 0, misses = 0; const end = Date.now() + 30000;
       fs.writeSync(1, 'ready;');
       while (Date.now() < end && !fs.existsSync(process.argv[1] + '/stop')) {
         try { fs.readFileSync(process.argv[1] + '/dist/console/index.html'); reads++; } catch { misses++; }
       }
       process.stdout.write(JSON.stringify({ reads, misses }));`,
      root,
    ]);
    let output = '';
    const started = new Promise<void>((resolve) =>
      reader.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.startsWith('ready;')) resolve();
      }),
    );
    const finished = new Promise<void>((resolve) => reader.on('close', () => resolve()));
    await started;
    for (let version = 0; version < 40; version += 1) {
      writeFileSync(join(root, 'libs/demo/src/index.ts'), `export const hole = ${version + 10};\n`);
      build({ root, steps });
    }
    writeFileSync(join(root, 'stop'), '');
    await finished;
    const { reads, misses } = JSON.parse(output.slice('ready;'.length)) as { reads: number; misses: number };
    expect(reads).toBeGreaterThan(0);
    expect(misses).toBe(0);
  }, 30_000);
});
