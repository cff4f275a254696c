/**
 * npm run import -- <osm files…> [--dem <file>]… [--dry-run] [--report <file.json>]
 * Imports OpenStreetMap golf data (OSM XML, Overpass JSON, GeoJSON, or a .osm.pbf region extract,
 * streamed in bounded memory) and DEM files (SRTM .hgt,
 * .hgt.zip, GeoTIFF) into the catalog, with progress and a report per course.
 * A course imported again without a DEM that covers it keeps its stored ground elevation (or,
 * when that grid no longer covers it, the import says so). `--dem` files alone attach elevation
 * to the stored courses they cover.
 */
import 'reflect-metadata';
import { open, readFile, writeFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import {
  attachGroundElevation,
  courseRevision,
  importOsm,
  keepStoredGroundElevation,
  measureCourse,
  OsmImportError,
  rasterBounds,
  readOsmPbf,
  type Course,
  type CourseImportReport,
  type OsmInput,
} from '@caddie/catalog';
import { apiEnvSchema, loadEnvOrExit } from '@caddie/config';
import { type DemRaster, readGeoTiffDem, readHgt, readHgtZip } from '@caddie/geometry';
import { CourseStore, openDatabase } from '@caddie/persistence';

const USAGE =
  'usage: npm run import -- <osm, overpass json, geojson or .osm.pbf files…> [--dem <file.hgt|file.hgt.zip|file.tif>]… [--dry-run] [--report report.json]';
const err = (line: string) => process.stderr.write(`${line}\n`);

async function readDem(path: string): Promise<DemRaster> {
  const bytes = new Uint8Array(await readFile(path));
  const name = basename(path);
  if (/\.hgt\.zip$/i.test(name)) return readHgtZip(bytes, name);
  if (/\.hgt$/i.test(name)) return readHgt(bytes, name);
  if (/\.tiff?$/i.test(name)) return readGeoTiffDem(bytes, name);
  throw new Error(`${name}: unknown elevation format (expected .hgt, .hgt.zip or .tif)`);
}

function groundLine(ground: NonNullable<Course['elevation']['ground']>): string {
  const native = ground.precision?.nativeResolution;
  const vertical = ground.precision?.verticalAccuracy;
  const source = native
    ? ` (source pixels ${native.eastWestMeters} x ${native.northSouthMeters} m, ${vertical ? `±${vertical.absoluteMeters} m absolute` : 'vertical accuracy not stated'})`
    : '';
  return `ground elevation ${ground.width}x${ground.height} grid every ${ground.resolutionMeters} m${source}`;
}

function reportLine(report: CourseImportReport, course: Course, outcome: string): string {
  const features = Object.values(report.features).reduce((n, c) => n + c.assigned + c.unassigned, 0);
  const assigned = Object.values(report.features).reduce((n, c) => n + c.assigned, 0);
  const { completeness } = report;
  const notes = [
    ...report.qualityFlags.filter((f) => f !== 'partial'),
    completeness.status === 'partial' && completeness.holesMissing.length
      ? `partial: ${completeness.holesMapped} of ${completeness.holesExpected} holes mapped`
      : '',
    report.holesWithoutPar.length ? `no par on ${report.holesWithoutPar.length} holes` : '',
    report.holesWithoutGreen.length ? `no green on holes ${report.holesWithoutGreen.join(',')}` : '',
    report.holesWithoutTee.length ? `no tee on holes ${report.holesWithoutTee.join(',')}` : '',
    report.reversedHoles.length ? `reversed holes ${report.reversedHoles.join(',')}` : '',
    course.elevation.ground ? groundLine(course.elevation.ground) : 'no elevation',
  ].filter(Boolean);
  return `  ${outcome.padEnd(9)} ${report.courseId}  "${report.courseName}"  ${report.holeCount} holes, ${assigned}/${features} features on holes, ${report.inferences.length} inferences${notes.length ? `; ${notes.join('; ')}` : ''}${report.active ? '' : '  (inactive: no hole geometry)'}`;
}

/** A course's position is one point and the course reaches past it: courses placed this far outside a raster are read too (attachGroundElevation decides coverage). */
const POSITION_MARGIN_DEGREES = 0.05;

/** `--dem` without OSM files: samples the rasters for every stored course they cover. */
async function elevateStoredCourses(store: CourseStore | null, rasters: DemRaster[]): Promise<void> {
  if (!store) {
    err('--dem alone needs the catalog (not --dry-run)');
    process.exit(2);
  }
  const outcomes: Record<string, number> = {};
  const seen = new Set<string>();
  for (const raster of rasters) {
    const [west, south, east, north] = rasterBounds(raster);
    const m = POSITION_MARGIN_DEGREES;
    for (const id of await store.idsWithin([west - m, south - m, east + m, north + m])) {
      if (seen.has(id)) continue;
      seen.add(id);
      const stored = await store.document(id);
      if (!stored) continue;
      const elevated = attachGroundElevation(stored.course, rasters);
      const course = elevated === stored.course ? elevated : { ...elevated, measurements: measureCourse(elevated) };
      const outcome = elevated === stored.course ? 'not covered' : await store.upsert(course, courseRevision(course));
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
      err(`  ${outcome.padEnd(11)} ${id}  ${course.elevation.ground ? groundLine(course.elevation.ground) : 'no elevation'}`);
    }
  }
  err(
    `done: ${
      Object.entries(outcomes)
        .map(([k, v]) => `${v} ${k}`)
        .join(', ') || 'no stored course lies on these elevation files'
    }`,
  );
}

/** A PBF file opens with a BlobHeader whose type is "OSMHeader": the content says so, not the name. */
async function isOsmPbf(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(32), 0, 32, 0);
    return buffer.subarray(0, bytesRead).includes('OSMHeader');
  } finally {
    await handle.close();
  }
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      dem: { type: 'string', multiple: true, default: [] },
      'dry-run': { type: 'boolean', default: false },
      report: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help || (!positionals.length && !values.dem.length)) {
    err(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  const rasters: DemRaster[] = [];
  for (const path of values.dem) {
    rasters.push(await readDem(path));
    err(`elevation: ${path} (${rasters[rasters.length - 1].width}x${rasters[rasters.length - 1].height}, ${rasters[rasters.length - 1].source})`);
  }
  if (!positionals.length) {
    const env = loadEnvOrExit(apiEnvSchema);
    const db = values['dry-run'] ? null : await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, schema: env.DATABASE_SCHEMA });
    try {
      await elevateStoredCourses(db ? new CourseStore(db) : null, rasters);
    } finally {
      await db?.destroy();
    }
    return;
  }
  const started = Date.now();
  const inputs: OsmInput[] = [];
  for (const path of positionals) {
    if (await isOsmPbf(path)) {
      let shown = '';
      const parsed = await readOsmPbf(path, (p) => {
        const step = `${p.pass} pass ${Math.floor((10 * p.bytesRead) / Math.max(1, p.totalBytes)) * 10}%`;
        if (step !== shown) err(`reading ${basename(path)}: ${(shown = step)}`);
      });
      err(`read ${basename(path)}: ${parsed.features.length} golf features in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      inputs.push({ name: basename(path), parsed });
    } else inputs.push({ name: basename(path), content: await readFile(path) });
  }
  const {
    courses,
    reports,
    unplaced,
    inputs: read,
  } = importOsm(inputs, {
    onProgress: (p) => {
      if (p.stage === 'parse' && p.item) err(`parsing ${p.item} (${p.done + 1}/${p.total})`);
      if (p.stage === 'assemble' && p.total > 0 && (p.done === p.total || p.done % 10 === 0)) err(`assembling courses ${p.done}/${p.total}`);
    },
  });
  const env = loadEnvOrExit(apiEnvSchema);
  const db = values['dry-run'] ? null : await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, schema: env.DATABASE_SCHEMA });
  const store = db ? new CourseStore(db) : null;
  const outcomes: Record<string, number> = {};
  const seconds = (Date.now() - started) / 1000;
  const features = read.reduce((n, input) => n + input.features, 0);
  err(
    `\n${courses.length} courses from ${inputs.length} files, ${features} features in ${seconds.toFixed(1)} s (${Math.round(features / Math.max(seconds, 0.001))} features/s, peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB):`,
  );
  try {
    for (const [i, imported] of courses.entries()) {
      let elevated = attachGroundElevation(imported, rasters);
      const stored = !elevated.elevation.ground && store ? await store.document(imported.id) : null;
      if (stored?.course.elevation.ground) {
        const kept = keepStoredGroundElevation(elevated, stored.course);
        if (kept) elevated = kept;
        else
          err(
            `  WARNING ${imported.id}: its stored ground elevation does not cover the new geometry and no --dem does; this import removes it (pass --dem to sample it again)`,
          );
      }
      const course = { ...elevated, measurements: measureCourse(elevated) };
      const outcome = store ? await store.upsert(course, courseRevision(course)) : 'dry-run';
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
      err(
        reportLine(reports[i], course, outcome) +
          (stored?.course.elevation.ground && course.elevation.ground ? ' (kept from the previous import: no --dem covers it)' : ''),
      );
    }
  } finally {
    await db?.destroy();
  }
  err(
    `\nunplaced: ${unplaced.unclassified} unclassified objects, ${unplaced.outsideBoundaries} features outside every course boundary, ${unplaced.holeLinesOutsideBoundaries.length} hole lines outside boundaries`,
  );
  if (unplaced.inferredCourses.length) err(`inferred from hole lines without a boundary (flagged boundary-inferred): ${unplaced.inferredCourses.join(', ')}`);
  for (const left of unplaced.holeLinesLeftOut) err(`  left out: ${left.holeLineIds.join(', ')}: ${left.reason}`);
  err(
    `done: ${
      Object.entries(outcomes)
        .map(([k, v]) => `${v} ${k}`)
        .join(', ') || 'nothing imported'
    }`,
  );
  if (values.report) await writeFile(values.report, JSON.stringify({ reports, unplaced }, null, 2));
}

main().catch((error) => {
  err(error instanceof OsmImportError ? `${error.code}: ${error.message}` : `import failed: ${(error as Error).message}`);
  process.exit(1);
});
