/**
 * Region import: parsing alone against the whole import (parse, split into courses, assign,
 * report) on a generated 100,000-feature file, each in its own process so its peak memory is
 * its own; and the Iceland country file when ../shared/data is present.
 *   npm run bench:import
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { importOsm, parseOsmInput } from '@caddie/catalog';
import { syntheticRegion } from './support/synthetic-region';

const FEATURES = 100_000;
const ICELAND = resolve(__dirname, '..', '..', '..', 'shared', 'data', 'osm', 'ogm_country_is_iceland_all_golf_features.geojson');

interface Run {
  seconds: number;
  features: number;
  courses: number;
  peakMegabytes: number;
}

/** Child mode: one measured step on one file, printed as JSON. */
function measure(mode: 'parse' | 'import', path: string): Run {
  const content = readFileSync(path);
  const started = process.hrtime.bigint();
  let features: number;
  let courses = 0;
  if (mode === 'parse') features = parseOsmInput(path, content).features.length;
  else {
    const result = importOsm([{ name: path, content }]);
    features = result.inputs[0].features;
    courses = result.courses.length;
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { seconds, features, courses, peakMegabytes: Math.round(process.resourceUsage().maxRSS / 1024) };
}

function inChild(mode: 'parse' | 'import', path: string): Run {
  return JSON.parse(execFileSync(process.execPath, [__filename, mode, path], { encoding: 'utf8', maxBuffer: 1 << 20 })) as Run;
}

function report(label: string, path: string): void {
  const parse = inChild('parse', path);
  const full = inChild('import', path);
  const rate = (r: Run) => Math.round(r.features / r.seconds);
  console.log(`\n${label}: ${full.features} features, ${full.courses} courses`);
  console.log(`  parse only   ${parse.seconds.toFixed(2)} s  ${rate(parse)} features/s  peak ${parse.peakMegabytes} MB`);
  console.log(`  full import  ${full.seconds.toFixed(2)} s  ${rate(full)} features/s  peak ${full.peakMegabytes} MB`);
  console.log(`  import/parse: time x${(full.seconds / parse.seconds).toFixed(2)}, peak memory x${(full.peakMegabytes / parse.peakMegabytes).toFixed(2)}`);
}

if (process.argv[2] === 'parse' || process.argv[2] === 'import') {
  process.stdout.write(JSON.stringify(measure(process.argv[2], process.argv[3])));
} else {
  const path = join(mkdtempSync(join(tmpdir(), 'caddie-import-bench-')), 'generated-region.geojson');
  writeFileSync(path, JSON.stringify(syntheticRegion(FEATURES)));
  report(`generated region (${path})`, path);
  if (existsSync(ICELAND)) report('Iceland country file', ICELAND);
  else console.log(`\nIceland file not found at ${ICELAND}: skipped`);
}
