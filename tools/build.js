#!/usr/bin/env node
// Builds dist/ (server code with tsc, console pages with Vite) and keeps it reusable:
//   node tools/build.js              build now (npm run build, npm test)
//   node tools/build.js --if-stale   build only when the sources changed since the last build
//                                    (npm start and every CLI: a current dist/ answers in well under a second)
// Plain CommonJS on purpose: it runs before anything is compiled.
//
// The console is built into dist/console-builds/<fingerprint>/ and dist/console is a symbolic link
// swapped in one rename, so a running console never sees an empty or half-written folder; the
// previous build is kept so pages already open can still load their hashed assets.
'use strict';
const { createHash } = require('node:crypto');
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
/** What the build reads: a change to any of these makes dist/ stale. */
const SOURCE_DIRS = ['apps', 'libs', 'bench', 'tools', 'test/synthesis'];
const SOURCE_FILES = ['package-lock.json', 'tsconfig.json', 'tsconfig.build.json'];
const SOURCE_EXTENSIONS = new Set(['.ts', '.tsx', '.mjs', '.js', '.json', '.html', '.css']);
const NOT_BUILT = /\.(spec|medium-spec|e2e-spec)\.ts$/;
/** A lock older than this belongs to a build that died. */
const STALE_LOCK_MS = 15 * 60 * 1000;

function listSources(root) {
  const files = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (SOURCE_EXTENSIONS.has(path.extname(entry.name)) && !NOT_BUILT.test(entry.name)) files.push(full);
    }
  };
  for (const dir of SOURCE_DIRS) if (fs.existsSync(path.join(root, dir))) walk(path.join(root, dir));
  for (const file of SOURCE_FILES) if (fs.existsSync(path.join(root, file))) files.push(path.join(root, file));
  return files.sort();
}

/** sha256 over the build's inputs (paths and contents): a fresh clone of the same commit gives the same value. */
function sourceFingerprint(root) {
  const hash = createHash('sha256');
  for (const file of listSources(root)) {
    hash.update(path.relative(root, file).split(path.sep).join('/'));
    hash.update('\0');
    hash.update(fs.readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}

function fingerprintFile(dist) {
  return path.join(dist, '.build-fingerprint');
}

function isCurrent(root, dist, fingerprint) {
  try {
    return (
      fs.readFileSync(fingerprintFile(dist), 'utf8').trim() === fingerprint &&
      fs.existsSync(path.join(dist, 'apps', 'api', 'src', 'main.js')) &&
      fs.existsSync(path.join(dist, 'console', 'index.html'))
    );
  } catch {
    return false;
  }
}

/**
 * Points dist/console at `buildDir` in one rename of a fresh link over the old one (atomic on POSIX),
 * then removes every console build but the new one and the one it replaced.
 */
function swapConsole(dist, buildDir) {
  const link = path.join(dist, 'console');
  let previous = null;
  try {
    const stat = fs.lstatSync(link);
    if (stat.isSymbolicLink()) previous = path.resolve(dist, fs.readlinkSync(link));
    // A real folder is the layout of builds before this script: moved aside once.
    else fs.renameSync(link, path.join(dist, 'console-builds', `legacy-${process.pid}`));
  } catch (error) {
    if (error.code !== 'ENOENT') throw error;
  }
  const temporary = path.join(dist, `.console-link-${process.pid}`);
  fs.rmSync(temporary, { force: true });
  fs.symlinkSync(path.relative(dist, buildDir), temporary, 'dir');
  fs.renameSync(temporary, link);
  const builds = path.join(dist, 'console-builds');
  for (const name of fs.readdirSync(builds)) {
    const full = path.join(builds, name);
    if (full !== buildDir && full !== previous) fs.rmSync(full, { recursive: true, force: true });
  }
}

function sleep(ms) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** One build at a time per checkout: a second caller waits for the first, then finds dist/ current. */
function withLock(dist, action) {
  fs.mkdirSync(dist, { recursive: true });
  const lock = path.join(dist, '.build-lock');
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      const age = Date.now() - fs.statSync(lock).mtimeMs;
      if (age > STALE_LOCK_MS) fs.rmSync(lock, { recursive: true, force: true });
      else sleep(500);
    }
  }
  try {
    return action();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

function run(command, args, root) {
  execFileSync(command, args, { cwd: root, stdio: 'inherit' });
}

/** The real build steps; `steps` is replaced in tests. */
const defaultSteps = {
  compile(root) {
    const bin = (name) => path.join(root, 'node_modules', '.bin', name);
    run(bin('tsc'), ['-p', 'tsconfig.build.json'], root);
    run(bin('tsc-alias'), ['-p', 'tsconfig.build.json'], root);
  },
  buildConsole(root, outDir) {
    const bin = path.join(root, 'node_modules', '.bin', 'vite');
    run(bin, ['build', '--config', 'apps/console/vite.config.mjs', '--outDir', outDir, '--emptyOutDir'], root);
  },
};

/** Builds unless `ifStale` and dist/ already holds a build of these sources. Returns what it did. */
function build({ root = ROOT, ifStale = false, steps = defaultSteps, log = () => {} } = {}) {
  const dist = path.join(root, 'dist');
  const fingerprint = sourceFingerprint(root);
  if (ifStale && isCurrent(root, dist, fingerprint)) return 'current';
  return withLock(dist, () => {
    if (ifStale && isCurrent(root, dist, fingerprint)) return 'current';
    log('building dist/ (sources changed since the last build)');
    fs.rmSync(fingerprintFile(dist), { force: true });
    steps.compile(root);
    const consoleDir = path.join(dist, 'console-builds', fingerprint.slice(0, 16));
    if (path.resolve(dist, safeReadlink(path.join(dist, 'console')) ?? '') === consoleDir) {
      // Rebuilding the very sources dist/console serves: build beside it, then swap.
      const beside = `${consoleDir}-${Date.now().toString(36)}`;
      steps.buildConsole(root, beside);
      swapConsole(dist, beside);
    } else {
      steps.buildConsole(root, consoleDir);
      swapConsole(dist, consoleDir);
    }
    fs.writeFileSync(fingerprintFile(dist), `${fingerprint}\n`);
    return 'built';
  });
}

function safeReadlink(link) {
  try {
    return fs.readlinkSync(link);
  } catch {
    return null;
  }
}

module.exports = { build, sourceFingerprint, swapConsole };

if (require.main === module) {
  const ifStale = process.argv.includes('--if-stale');
  try {
    build({ ifStale, log: (line) => process.stderr.write(`[build] ${line}\n`) });
  } catch (error) {
    process.stderr.write(`[build] failed: ${error.message}\n`);
    process.exit(1);
  }
}
