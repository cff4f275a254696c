import { createCanvas } from '@napi-rs/canvas';
import type { Course } from '@caddie/catalog';
import {
  DESIGN_CATALOG,
  applyHomography,
  findCapture,
  fitHomography,
  multiplyHomographies,
  renderCardRaster,
  type CaptureDefinition,
  type CaptureTopology,
  type Homography,
  type PixelImage,
  type Point,
} from '@caddie/fiducials';
import { placeCard, randomPose, type CardPose, type Region } from './card-pose';
import { compositeCard } from './card-compositor';
import type { MnistItemRange } from '@caddie/handwriting-training';
import { planFilledCard } from './card-filling';
import { paintFolds, planFolds, type CardFold } from './card-folds';
import { writeFields, type PenKind, type WrittenField } from './handwriting';
import { paintBackdrop } from './scene-backdrop';
import { markerZoneMm, occluderOverMarker, occluderOverPage, paintOccluders, zoneObstructed, type Occluder } from './scene-occlusion';
import { applyBlur, applyLighting, applyNoise, jpegRoundTrip, randomLighting, type LightingSettings } from './scene-optics';
import { SeededRandom } from './seeded-random';

export type OcclusionMode = 'random' | 'none' | 'page' | 'marker';

export interface SceneOptions {
  /** Course whose data the cards print. */
  course: Course;
  width?: number;
  height?: number;
  /** Cards in the scene (default: 1 or 2 at random). */
  pageCount?: 1 | 2;
  /** Captures to choose from (default: every design in every topology). */
  captureIds?: readonly string[];
  maxTiltDegrees?: number;
  /** `marker` hides at least one marker of one card (its truth page is then incomplete). */
  occlusion?: OcclusionMode;
  /** A filled-in card: scores, putts, totals and supplemental fields (default: at random, on about 60% of cards). */
  handwriting?: boolean;
  /** MNIST items the handwriting is drawn from: `training` (default) or `calibration` (evaluation scenes). */
  handwritingItems?: MnistItemRange;
  /** What the handwriting is written with (default `ink`, MNIST's strokes as they are). */
  pen?: PenKind;
  /** Cards folded in a pocket and flattened again: creases with their light and shade (default none). */
  folded?: boolean;
  /** A flat, evenly lit, sharp, noiseless photo without clutter, occlusion or compression. */
  clean?: boolean;
  /** JPEG quality of the round trip, or null for none (default: random 55..95 unless clean). */
  jpegQuality?: number | null;
  blurSigma?: number;
  noiseSigma?: number;
  /** Fraction of its region each card fills (default 0.55..0.95, or 0.85..0.95 for two cards). */
  fill?: [number, number];
  /**
   * The printed card to photograph for a capture (RGBA, covering the capture surface at any
   * resolution), e.g. a printable's page filled in by hand; default: the card as renderCardRaster prints it.
   */
  printedCard?: (capture: CaptureDefinition) => PixelImage | undefined;
}

export interface SceneTruthPage {
  designCode: string;
  captureId: string;
  topology: CaptureTopology;
  /** Outer corners of the capture surface (canonical corners) in photo pixels: TL, TR, BR, BL. */
  corners: [Point, Point, Point, Point];
  /** Canonical capture pixels to photo pixels (pixel centres at integers in both). */
  canonicalToPhoto: Homography;
  /** Every marker with its quiet zone unobstructed and inside the frame. */
  complete: boolean;
  hiddenMarkerIds: number[];
  pose: CardPose;
  /** Every field written on the card (fields left blank are absent), items from `handwritingItems`. */
  handwriting: WrittenField[];
  handwritingItems: MnistItemRange;
  /** What the handwriting was written with. */
  pen: PenKind;
  /** The card's folds, in card millimetres (empty unless the scene was folded). */
  folds: CardFold[];
}

export interface Scene {
  image: PixelImage;
  width: number;
  height: number;
  /** The JPEG file when the scene went through compression. */
  jpeg?: Buffer;
  truth: {
    seed: number;
    pages: SceneTruthPage[];
    occluders: Occluder['kind'][];
    lighting: LightingSettings | null;
    blurSigma: number;
    noiseSigma: number;
    jpegQuality: number | null;
  };
}

const DEFAULT_WIDTH = 2000;
const DEFAULT_HEIGHT = 1500;
const TOPOLOGY_WEIGHTS: readonly CaptureTopology[] = ['single-page', 'single-page', 'single-page', 'horizontal-spread', 'vertical-spread'];

const rasterCache = new Map<string, Promise<PixelImage>>();
const RASTER_CACHE_SIZE = 24;

function cachedRaster(capture: CaptureDefinition, course: Course, pixelsPerMm: number): Promise<PixelImage> {
  const key = `${capture.captureId}|${course.id}|${pixelsPerMm}`;
  let raster = rasterCache.get(key);
  if (!raster) {
    raster = renderCardRaster(capture.designCode, capture.topology, course, pixelsPerMm);
    if (rasterCache.size >= RASTER_CACHE_SIZE) rasterCache.delete(rasterCache.keys().next().value as string);
    rasterCache.set(key, raster);
  }
  return raster;
}

function pickCapture(random: SeededRandom, pool: readonly string[] | undefined): CaptureDefinition {
  if (pool && pool.length > 0) {
    const capture = findCapture(random.pick(pool));
    if (!capture) throw new Error(`unknown capture in the scene pool`);
    return capture;
  }
  return random.pick(DESIGN_CATALOG).captures[random.pick(TOPOLOGY_WEIGHTS)];
}

function splitRegions(width: number, height: number, count: number, random: SeededRandom): Region[] {
  const margin = 0.02 * Math.min(width, height);
  const inner = { x: margin, y: margin, width: width - 2 * margin, height: height - 2 * margin };
  if (count === 1) return [inner];
  const cut = random.uniform(0.45, 0.55);
  if (width >= height) {
    const w = inner.width * cut;
    return [
      { ...inner, width: w - margin },
      { ...inner, x: inner.x + w + margin, width: inner.width - w - margin },
    ];
  }
  const h = inner.height * cut;
  return [
    { ...inner, height: h - margin },
    { ...inner, y: inner.y + h + margin, height: inner.height - h - margin },
  ];
}

/**
 * A synthetic phone photograph of one or two printed scorecards, with the geometry needed to
 * grade normalization. Deterministic: the same seed and options give the same pixels.
 */
export async function synthesizeScene(seed: number, options: SceneOptions): Promise<Scene> {
  const random = new SeededRandom(seed);
  const clean = options.clean ?? false;
  const width = options.width ?? DEFAULT_WIDTH;
  const height = options.height ?? DEFAULT_HEIGHT;
  const layout = random.fork('layout');
  const count = options.pageCount ?? (layout.chance(0.35) ? 2 : 1);
  const regions = splitRegions(width, height, count, layout);
  const fill = options.fill ?? (count === 2 ? [0.85, 0.95] : [0.55, 0.95]);
  const maxTilt = options.maxTiltDegrees ?? (clean ? 0 : 45);

  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  paintBackdrop(ctx, width, height, random.fork('backdrop'), clean ? 0 : 1);
  const photo = ctx.getImageData(0, 0, width, height);

  const pages: (SceneTruthPage & { mmToPhoto: Homography; capture: CaptureDefinition })[] = [];
  const ink = random.fork('ink');
  for (const region of regions) {
    const capture = pickCapture(layout, options.captureIds);
    const pose = randomPose(layout, maxTilt);
    const corners = placeCard(capture.widthMm, capture.heightMm, pose, region, layout.uniform(fill[0], fill[1]), {
      x: layout.uniform(-1, 1),
      y: layout.uniform(-1, 1),
    });
    const mmCorners = [
      { x: 0, y: 0 },
      { x: capture.widthMm, y: 0 },
      { x: capture.widthMm, y: capture.heightMm },
      { x: 0, y: capture.heightMm },
    ];
    const mmToPhoto = fitHomography(mmCorners, corners) as Homography;
    const edge = Math.max(...corners.map((p, i) => Math.hypot(corners[(i + 1) % 4].x - p.x, corners[(i + 1) % 4].y - p.y)));
    // Print a little finer than the photo resolves, so the warp samples rather than invents detail.
    const pixelsPerMm = Math.min(16, Math.max(4, Math.ceil((1.1 * edge) / Math.max(capture.widthMm, capture.heightMm))));
    let raster = options.printedCard?.(capture) ?? (await cachedRaster(capture, options.course, pixelsPerMm));
    let handwriting: WrittenField[] = [];
    const handwritingItems = options.handwritingItems ?? 'training';
    if (options.handwriting ?? (!clean && ink.chance(0.6))) {
      raster = { ...raster, data: new Uint8Array(raster.data) };
      // Its own stream: the card's values and pen do not reshuffle the paper tone drawn below.
      const pen = ink.fork(`handwriting-${pages.length}`);
      const pars = new Map(options.course.holes.map((h) => [h.number, h.par]));
      handwriting = writeFields(
        raster,
        planFilledCard(capture, (n) => pars.get(n), pen),
        pixelsPerMm,
        pen,
        handwritingItems,
        options.pen ?? 'ink',
      );
    }
    const sx = raster.width / capture.widthMm;
    const sy = raster.height / capture.heightMm;
    const surfaceToMm: Homography = [1 / sx, 0, 0.5 / sx, 0, 1 / sy, 0.5 / sy, 0, 0, 1];
    const tone = clean
      ? { paper: [246, 246, 244] as [number, number, number], inkFloor: 0.1 }
      : { paper: [ink.int(228, 252), ink.int(226, 250), ink.int(215, 245)] as [number, number, number], inkFloor: ink.uniform(0.06, 0.16) };
    await compositeCard(photo.data, width, height, raster, multiplyHomographies(mmToPhoto, surfaceToMm), corners, tone);
    // Its own stream, so that folding a card changes nothing else in the scene.
    const folds = options.folded ? planFolds(capture.widthMm, capture.heightMm, random.fork(`folds-${pages.length}`)) : [];
    paintFolds(photo.data, width, height, mmToPhoto, capture.widthMm, capture.heightMm, folds);
    const canonicalToMm: Homography = [1 / capture.pixelsPerMm, 0, 0.5 / capture.pixelsPerMm, 0, 1 / capture.pixelsPerMm, 0.5 / capture.pixelsPerMm, 0, 0, 1];
    pages.push({
      designCode: capture.designCode,
      captureId: capture.captureId,
      topology: capture.topology,
      corners,
      canonicalToPhoto: multiplyHomographies(mmToPhoto, canonicalToMm),
      complete: true,
      hiddenMarkerIds: [],
      pose,
      handwriting,
      handwritingItems,
      pen: options.pen ?? 'ink',
      folds,
      mmToPhoto,
      capture,
    });
  }
  ctx.putImageData(photo, 0, 0);

  const occluders = planOcclusion(options.occlusion ?? (clean ? 'none' : 'random'), pages, random.fork('occlusion'));
  for (const page of pages) {
    const toPhoto = (p: Point) => applyHomography(page.mmToPhoto, p);
    page.hiddenMarkerIds = page.capture.markers.filter((m) => zoneObstructed(markerZoneMm(m), toPhoto, occluders, width, height)).map((m) => m.id);
    page.complete = page.hiddenMarkerIds.length === 0;
  }
  paintOccluders(ctx, occluders, 0.012 * Math.min(width, height));
  const optics = random.fork('optics');
  if (!clean && optics.chance(0.4)) paintCastShadow(ctx, width, height, optics);

  const data = ctx.getImageData(0, 0, width, height).data;
  const lighting = clean ? null : randomLighting(optics, width, height, 1);
  if (lighting) applyLighting(data, width, height, lighting);
  const blurSigma = options.blurSigma ?? (clean ? 0 : optics.uniform(0, 1.6) * Math.max(1, width / 2000));
  await applyBlur(data, width, height, blurSigma);
  const noiseSigma = options.noiseSigma ?? (clean ? 0 : optics.uniform(1, 7));
  applyNoise(data, noiseSigma, seed * 7919 + 1);
  const jpegQuality = options.jpegQuality !== undefined ? options.jpegQuality : clean ? null : optics.int(55, 96);
  let pixels: Uint8Array = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  let jpeg: Buffer | undefined;
  if (jpegQuality !== null) {
    const round = await jpegRoundTrip(data, width, height, jpegQuality);
    jpeg = round.jpeg;
    pixels = round.rgba;
  }

  return {
    image: { data: pixels, width, height, channels: 4 },
    width,
    height,
    jpeg,
    truth: {
      seed,
      pages: pages.map(({ mmToPhoto: _h, capture: _c, ...truth }) => truth),
      occluders: occluders.map((o) => o.kind),
      lighting,
      blurSigma,
      noiseSigma,
      jpegQuality,
    },
  };
}

function planOcclusion(
  mode: OcclusionMode,
  pages: { capture: CaptureDefinition; mmToPhoto: Homography; corners: Point[] }[],
  random: SeededRandom,
): Occluder[] {
  const chosen = mode === 'random' ? random.pick(['none', 'none', 'page', 'marker'] as const) : mode;
  if (chosen === 'none') return [];
  const page = random.pick(pages);
  const toPhoto = (p: Point) => applyHomography(page.mmToPhoto, p);
  if (chosen === 'marker') {
    const marker = random.pick(page.capture.markers);
    return [occluderOverMarker(markerZoneMm(marker).map(toPhoto), random)];
  }
  const centre = toPhoto({ x: page.capture.widthMm / 2, y: page.capture.heightMm / 2 });
  const side = Math.hypot(page.corners[1].x - page.corners[0].x, page.corners[1].y - page.corners[0].y);
  // A page occluder must leave every marker visible; a few placements are tried before giving up.
  for (let attempt = 0; attempt < 8; attempt++) {
    const occluder = occluderOverPage(centre, side, random);
    const hides = pages.some((p) =>
      p.capture.markers.some((m) => zoneObstructed(markerZoneMm(m), (q) => applyHomography(p.mmToPhoto, q), [occluder], Infinity, Infinity)),
    );
    if (!hides) return [occluder];
  }
  return [];
}

/** The soft shadow of the photographer's hand or phone falling across part of the scene. */
function paintCastShadow(ctx: ReturnType<ReturnType<typeof createCanvas>['getContext']>, width: number, height: number, random: SeededRandom): void {
  const cx = random.uniform(0, width);
  const cy = random.uniform(0, height);
  const r = random.uniform(0.15, 0.35) * Math.max(width, height);
  ctx.save();
  ctx.filter = `blur(${Math.round(0.03 * Math.max(width, height))}px)`;
  ctx.fillStyle = `rgba(0, 0, 0, ${random.uniform(0.2, 0.4).toFixed(3)})`;
  ctx.beginPath();
  ctx.ellipse(cx, cy, r, r * random.uniform(0.4, 0.9), random.uniform(0, Math.PI), 0, 2 * Math.PI);
  ctx.fill();
  ctx.restore();
}
