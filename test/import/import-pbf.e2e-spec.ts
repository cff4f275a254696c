/**
 * `npm run import` on a .osm.pbf extract, through the built CLI (the PBF reader is an ES module
 * that only Node's own loader runs): the same courses and holes as the XML import of the same data.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..', '..');
const DATA = resolve(ROOT, '..', 'shared', 'data');
const PBF = join(DATA, 'osm-pbf', 'augusta_national_us.osm.pbf');
const XML = join(DATA, 'osm', 'augusta_national_us.osm');
const available = existsSync(PBF) && existsSync(XML);
if (!available) console.warn(`shared OSM data not found under ${DATA}: the PBF import test is skipped`);

function runImport(file: string): { reports: Record<string, unknown>[] } {
  const reportPath = join(mkdtempSync(join(tmpdir(), 'caddie-import-')), 'report.json');
  execFileSync(process.execPath, [join(ROOT, 'dist', 'apps', 'api', 'src', 'cli', 'import.js'), '--dry-run', '--report', reportPath, file], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DATA_DIR: mkdtempSync(join(tmpdir(), 'caddie-import-data-')) },
  });
  return JSON.parse(readFileSync(reportPath, 'utf8'));
}

(available ? describe : describe.skip)('npm run import on a .osm.pbf extract', () => {
  it('streams it and reports the courses and holes the XML import gives', () => {
    const pbf = runImport(PBF);
    const xml = runImport(XML);
    const essentials = (r: Record<string, unknown>) => [r['courseId'], r['holeCount'], r['holeNumbers'], r['holesWithoutGreen'], r['holesWithoutTee'], (r['features'] as Record<string, unknown>)['greens'], (r['features'] as Record<string, unknown>)['tees']];
    expect(pbf.reports.map(essentials)).toEqual(xml.reports.map(essentials));
    expect(pbf.reports[0]).toMatchObject({ courseId: 'osm-way-871993734', holeCount: 18 });
  });
});
