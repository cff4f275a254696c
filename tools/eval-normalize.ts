/**
 * Normalization evaluation on synthetic photos: generates N scenes, runs the fiducial pipeline
 * the normalize endpoint runs (detect markers, group pages, register, read the S label) and
 * grades the returned geometry against the scene truth.
 *   npm run build && node dist/tools/eval-normalize.js --count 500 --seed 1
 */
import { generateDemoCourses } from '@caddie/catalog';
import { applyHomography, detectMarkers, FiducialError, groupPages, invertHomography, readPageIdentity, type CaptureRegistration } from '@caddie/fiducials';
import { synthesizeScene, type SceneTruthPage } from '@caddie/synthesis';
import { argument } from './tool-arguments';

/** A returned page whose corners land further than this from the truth (canonical px, 8 px = 1 mm) is a wrong geometry. */
const WRONG_GEOMETRY_CANONICAL_PX = 8;

/** Worst distance, in canonical pixels, between the page's corners mapped through the truth and the canonical corners. */
function cornerError(page: CaptureRegistration, truth: SceneTruthPage): number {
  const toCanonical = invertHomography(truth.canonicalToPhoto);
  const { width, height } = page.capture.canonicalPixels;
  const expected = [
    { x: -0.5, y: -0.5 },
    { x: width - 0.5, y: -0.5 },
    { x: width - 0.5, y: height - 0.5 },
    { x: -0.5, y: height - 0.5 },
  ];
  const c = page.sourceCorners;
  return Math.max(
    ...[c.topLeft, c.topRight, c.bottomRight, c.bottomLeft].map((p, i) => {
      const q = applyHomography(toCanonical, p);
      return Math.hypot(q.x - expected[i].x, q.y - expected[i].y);
    }),
  );
}

function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

async function main(): Promise<void> {
  const count = argument('count', 100);
  const firstSeed = argument('seed', 1);
  const width = argument('width', 2000);
  const height = argument('height', 1500);
  const courses = generateDemoCourses();

  let truthPages = 0;
  let completePages = 0;
  let foundComplete = 0;
  let foundIncomplete = 0;
  let returnedPages = 0;
  let wrongGeometries = 0;
  let labelsRead = 0;
  let labelsUnreadable = 0;
  const errors: number[] = [];
  const outcomes = new Map<string, number>();
  const misses: string[] = [];
  const wrong: string[] = [];
  let pipelineMs = 0;
  const started = Date.now();

  for (let i = 0; i < count; i++) {
    const seed = firstSeed + i;
    const scene = await synthesizeScene(seed, { course: courses[i % courses.length], width, height });
    const truth = scene.truth.pages;
    truthPages += truth.length;
    completePages += truth.filter((p) => p.complete).length;

    const t0 = process.hrtime.bigint();
    let pages: CaptureRegistration[] = [];
    try {
      pages = groupPages(await detectMarkers(scene.image)).pages;
      outcomes.set('pages', (outcomes.get('pages') ?? 0) + 1);
    } catch (error) {
      if (!(error instanceof FiducialError)) throw error;
      outcomes.set(error.code, (outcomes.get(error.code) ?? 0) + 1);
    }
    pipelineMs += Number(process.hrtime.bigint() - t0) / 1e6;

    const matched = new Set<SceneTruthPage>();
    for (const page of pages) {
      returnedPages++;
      const candidates = truth.filter((t) => t.captureId === page.capture.captureId && !matched.has(t));
      const best = candidates.map((t) => ({ t, e: cornerError(page, t) })).sort((a, b) => a.e - b.e)[0];
      if (!best) {
        wrongGeometries++;
        wrong.push(`seed ${seed}: returned ${page.capture.captureId}, truth ${truth.map((t) => t.captureId).join(', ')}`);
        continue;
      }
      errors.push(best.e);
      if (best.e > WRONG_GEOMETRY_CANONICAL_PX) {
        wrongGeometries++;
        wrong.push(`seed ${seed}: ${page.capture.captureId} corner error ${best.e.toFixed(1)} canonical px`);
        continue;
      }
      matched.add(best.t);
      if (best.t.complete) foundComplete++;
      else foundIncomplete++;
      try {
        const { identity } = await readPageIdentity(scene.image, page, { allowNonProduction: true });
        if (identity.designCode === best.t.designCode) labelsRead++;
        else labelsUnreadable++;
      } catch {
        labelsUnreadable++;
      }
    }
    for (const t of truth)
      if (t.complete && !matched.has(t))
        misses.push(
          `seed ${seed}: missed ${t.captureId} (tilt ${t.pose.tiltDegrees.toFixed(0)} deg, blur ${scene.truth.blurSigma.toFixed(2)}, jpeg ${scene.truth.jpegQuality})`,
        );
    if ((i + 1) % 50 === 0) console.error(`${i + 1}/${count} photos, ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }

  errors.sort((a, b) => a - b);
  const summary = {
    photos: count,
    firstSeed,
    photoSize: `${width}x${height}`,
    truthPages,
    completePages,
    foundComplete,
    pageDetectionRate: completePages ? foundComplete / completePages : NaN,
    incompletePagesStillRegistered: foundIncomplete,
    returnedPages,
    medianCornerErrorCanonicalPx: percentile(errors, 0.5),
    p95CornerErrorCanonicalPx: percentile(errors, 0.95),
    worstCornerErrorCanonicalPx: errors.length ? errors[errors.length - 1] : NaN,
    wrongGeometryThresholdCanonicalPx: WRONG_GEOMETRY_CANONICAL_PX,
    wrongGeometries,
    labelsRead,
    labelsUnreadable,
    outcomes: Object.fromEntries(outcomes),
    meanPipelineMsPerPhoto: pipelineMs / count,
  };
  console.log(`normalization evaluation on ${count} synthetic photos (seeds ${firstSeed}..${firstSeed + count - 1}, ${width}x${height})`);
  console.log(
    `  page detection rate   ${foundComplete}/${completePages} = ${(100 * summary.pageDetectionRate).toFixed(1)}% of pages whose markers are all visible`,
  );
  console.log(
    `  corner error (canonical px, 8 px = 1 mm): median ${summary.medianCornerErrorCanonicalPx.toFixed(2)}, p95 ${summary.p95CornerErrorCanonicalPx.toFixed(2)}, worst ${summary.worstCornerErrorCanonicalPx.toFixed(2)}`,
  );
  console.log(
    `  wrong geometries      ${wrongGeometries} (corner error > ${WRONG_GEOMETRY_CANONICAL_PX} canonical px or design not in the photo) of ${returnedPages} returned pages`,
  );
  console.log(`  S labels read         ${labelsRead}/${labelsRead + labelsUnreadable}`);
  console.log(`  incomplete pages registered anyway (correctly) ${foundIncomplete}`);
  for (const line of wrong) console.log(`  WRONG ${line}`);
  for (const line of misses.slice(0, 40)) console.log(`  ${line}`);
  if (misses.length > 40) console.log(`  … ${misses.length - 40} more misses`);
  console.log(JSON.stringify(summary));
  if (wrongGeometries > 0) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(2);
});
