import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CourseStore, openDatabase } from '@caddie/persistence';
import { runNode } from '../support/processes';
import { describeWithSharedData, sharedDataPath } from '../support/shared-data';

/** A small mapped course on Edinburgh's Braid Hills, where the shared SRTM data has real relief. */
function braidHillsCourse(eastwardDegrees = 0): string {
  const e = eastwardDegrees;
  const box = (lon: number, lat: number, d: number) => [
    [
      [e + lon - d, lat - d],
      [e + lon + d, lat - d],
      [e + lon + d, lat + d],
      [e + lon - d, lat + d],
      [e + lon - d, lat - d],
    ],
  ];
  const feature = (id: number, tags: Record<string, string>, geometry: object) => ({
    type: 'Feature',
    properties: { osm_type: 'way', osm_id: id, ...tags },
    geometry,
  });
  return JSON.stringify({
    type: 'FeatureCollection',
    features: [
      feature(1, { leisure: 'golf_course', name: 'Test Links on Braid Hills' }, { type: 'Polygon', coordinates: box(-3.205, 55.913, 0.006) }),
      feature(
        2,
        { golf: 'hole', ref: '1', par: '4', handicap: '1' },
        {
          type: 'LineString',
          coordinates: [
            [e - 3.209, 55.911],
            [e - 3.205, 55.913],
            [e - 3.201, 55.915],
          ],
        },
      ),
      feature(3, { golf: 'tee' }, { type: 'Polygon', coordinates: box(-3.209, 55.911, 0.00008) }),
      feature(4, { golf: 'green' }, { type: 'Polygon', coordinates: box(-3.201, 55.915, 0.00012) }),
      feature(5, { golf: 'fairway' }, { type: 'Polygon', coordinates: box(-3.205, 55.913, 0.0008) }),
    ],
  });
}

describeWithSharedData('the import CLI')('npm run import', () => {
  it('imports OSM files, reports each course, and gives the same revisions on re-import', () => {
    const env = { DATA_DIR: mkdtempSync(join(tmpdir(), 'caddie-import-')) };
    const files = [sharedDataPath('osm', 'augusta_national_us.osm'), sharedDataPath('osm', 'ogm_be_golf_chateau_de_la_tournette.geojson')];
    const first = runNode('apps/api/src/cli/import.js', files, env);
    expect(first.status).toBe(0);
    expect(first.stderr).toMatch(/created\s+osm-way-871993734\s+"Augusta National Golf Club"\s+18 holes/);
    expect(first.stderr).toMatch(/osm-way-27416448-l-anglais .*18 holes/);
    expect(first.stderr).toMatch(/reversed holes/);
    expect(first.stderr).toContain('done: 4 created');
    const second = runNode('apps/api/src/cli/import.js', files, env);
    expect(second.stderr).toContain('done: 4 unchanged');
  }, 120_000);

  it('samples ground elevation from SRTM .hgt.zip and GeoTIFF files for courses they cover', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'caddie-import-dem-'));
    writeFileSync(join(dir, 'braid-hills.geojson'), braidHillsCourse());
    const result = runNode(
      'apps/api/src/cli/import.js',
      [
        join(dir, 'braid-hills.geojson'),
        '--dem',
        sharedDataPath('elevation', 'srtm3_edinburgh_crop_N55W004.tif'),
        '--dem',
        sharedDataPath('elevation', 'N55W003.hgt.zip'),
      ],
      { DATA_DIR: dir },
    );
    expect(result.status).toBe(0);
    // the grid spacing follows the finer axis; the report states the source's pixels along both
    expect(result.stderr).toMatch(/osm-way-1 .*ground elevation \d+x\d+ grid every 52(\.\d)? m \(source pixels 52 x 92\.8 m, vertical accuracy not stated\)/);
    const db = await openDatabase({ dataDir: dir });
    try {
      const stored = await new CourseStore(db).document('osm-way-1');
      const ground = stored!.course.elevation.ground!;
      expect(ground.source).toContain('geotiff:srtm3_edinburgh_crop_N55W004.tif');
      const heights = ground.values.filter((v): v is number => v !== null);
      expect(heights.length).toBe(ground.values.length);
      // Braid Hills rise to about 200 m; the course area lies well above sea level with real relief
      expect(Math.min(...heights)).toBeGreaterThan(60);
      expect(Math.max(...heights)).toBeLessThan(260);
      expect(Math.max(...heights) - Math.min(...heights)).toBeGreaterThan(10);
      expect(stored!.course.provenance.sources.map((s) => s.kind)).toEqual(expect.arrayContaining(['osm', 'geotiff']));
      // a GeoTIFF does not state its vertical accuracy, so the pair of sources does not either
      expect(ground.precision).toMatchObject({ nativeResolution: { eastWestMeters: 52, northSouthMeters: 92.8 }, verticalAccuracy: null });
    } finally {
      await db.destroy();
    }
  }, 120_000);

  it('gives one revision whatever the file name, keeps stored elevation on a re-import without --dem, and attaches --dem alone', async () => {
    const revisionIn = async (dataDir: string) => {
      const db = await openDatabase({ dataDir });
      try {
        return await new CourseStore(db).revision('osm-way-1');
      } finally {
        await db.destroy();
      }
    };
    const withDem = mkdtempSync(join(tmpdir(), 'caddie-import-keep-'));
    const demArgs = ['--dem', sharedDataPath('elevation', 'N55W004.hgt.zip')];
    writeFileSync(join(withDem, 'braid-hills.geojson'), braidHillsCourse());
    writeFileSync(join(withDem, 'braid-hills-renamed.geojson'), braidHillsCourse());
    expect(runNode('apps/api/src/cli/import.js', [join(withDem, 'braid-hills.geojson'), ...demArgs], { DATA_DIR: withDem }).stderr).toContain(
      'done: 1 created',
    );
    // the same bytes under another name, without --dem: one revision, elevation kept and said so
    const again = runNode('apps/api/src/cli/import.js', [join(withDem, 'braid-hills-renamed.geojson')], { DATA_DIR: withDem });
    expect(again.status).toBe(0);
    expect(again.stderr).toMatch(/unchanged\s+osm-way-1 .*ground elevation .*\(kept from the previous import: no --dem covers it\)/);
    expect(again.stderr).toContain('done: 1 unchanged');
    const importedWithDem = await revisionIn(withDem);
    // the course redrawn 2 km east: the stored grid no longer covers it, and the import says it removes it
    writeFileSync(join(withDem, 'braid-hills-moved.geojson'), braidHillsCourse(0.03));
    const moved = runNode('apps/api/src/cli/import.js', [join(withDem, 'braid-hills-moved.geojson')], { DATA_DIR: withDem });
    expect(moved.stderr).toMatch(/WARNING osm-way-1: its stored ground elevation does not cover the new geometry and no --dem does; this import removes it/);
    expect(moved.stderr).toMatch(/updated\s+osm-way-1 .*no elevation/);

    // imported without elevation first, then --dem alone: the same course as imported with both
    const later = mkdtempSync(join(tmpdir(), 'caddie-import-dem-alone-'));
    writeFileSync(join(later, 'braid-hills.geojson'), braidHillsCourse());
    expect(runNode('apps/api/src/cli/import.js', [join(later, 'braid-hills.geojson')], { DATA_DIR: later }).stderr).toMatch(
      /created\s+osm-way-1 .*no elevation/,
    );
    const attached = runNode('apps/api/src/cli/import.js', demArgs, { DATA_DIR: later });
    expect(attached.status).toBe(0);
    expect(attached.stderr).toMatch(/updated\s+osm-way-1\s+ground elevation \d+x\d+ grid/);
    expect(attached.stderr).toContain('done: 1 updated');
    expect(await revisionIn(later)).toBe(importedWithDem);
    // a raster covering no stored course says so
    const nowhere = runNode('apps/api/src/cli/import.js', ['--dem', sharedDataPath('elevation', 'srtm3_edinburgh_crop_N55W004.tif')], {
      DATA_DIR: mkdtempSync(join(tmpdir(), 'caddie-import-empty-')),
    });
    expect(nowhere.stderr).toContain('no stored course lies on these elevation files');
  }, 180_000);

  it('streams a .osm.pbf extract with progress per pass and reports the courses and holes of the XML import', () => {
    const dir = mkdtempSync(join(tmpdir(), 'caddie-import-pbf-'));
    const run = (file: string, report: string) => {
      const result = runNode('apps/api/src/cli/import.js', ['--dry-run', '--report', join(dir, report), file], { DATA_DIR: dir });
      expect(result.status).toBe(0);
      return { stderr: result.stderr, reports: (JSON.parse(readFileSync(join(dir, report), 'utf8')) as { reports: Record<string, unknown>[] }).reports };
    };
    const pbf = run(sharedDataPath('osm-pbf', 'augusta_national_us.osm.pbf'), 'pbf.json');
    const xml = run(sharedDataPath('osm', 'augusta_national_us.osm'), 'xml.json');
    for (const pass of ['relations', 'ways', 'nodes', 'context nodes', 'context ways', 'context way nodes'])
      expect(pbf.stderr).toContain(`reading augusta_national_us.osm.pbf: ${pass} pass 100%`);
    expect(pbf.stderr).toMatch(/read augusta_national_us\.osm\.pbf: \d+ golf features/);
    const essentials = (r: Record<string, unknown>) => {
      const features = r['features'] as Record<string, unknown>;
      // the context layers a course page draws come from the PBF as from the XML (Augusta: 2,333 trees)
      return [
        r['courseId'],
        r['holeCount'],
        r['holeNumbers'],
        r['holesWithoutGreen'],
        r['holesWithoutTee'],
        features['greens'],
        features['tees'],
        features['centerlines'],
        features['trees'],
        features['buildings'],
        features['roads'],
        features['parking'],
        features['water'],
      ];
    };
    expect(pbf.reports.map(essentials)).toEqual(xml.reports.map(essentials));
    expect(pbf.reports[0]).toMatchObject({ courseId: 'osm-way-871993734', holeCount: 18 });
    const trees = (pbf.reports[0]['features'] as Record<string, { assigned: number; unassigned: number }>)['trees'];
    expect(trees.assigned + trees.unassigned).toBeGreaterThan(2000);
  }, 120_000);

  it('fails with the importer code on malformed input', () => {
    const dir = mkdtempSync(join(tmpdir(), 'caddie-import-bad-'));
    writeFileSync(join(dir, 'bad.osm'), '<osm><node id="1"');
    const result = runNode('apps/api/src/cli/import.js', [join(dir, 'bad.osm')], { DATA_DIR: dir });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/OSM_[A-Z_]+: /);
  }, 60_000);
});
