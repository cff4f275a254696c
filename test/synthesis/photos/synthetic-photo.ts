import { fitHomography, loadOpenCv, toGrey, withCvScope, type Homography, type PixelImage, type Point } from '@caddie/fiducials';

// Module-level aliases: global lookups are slow inside Jest's VM contexts, and these run per pixel.
const { round, sqrt, log, cos, PI, sin, imul } = Math;

/**
 * Synthetic phone photographs of printed surfaces, for tests and benchmarks: a surface image is
 * warped onto a textured background through a known homography, then blurred and noised.
 * Coordinates follow OpenCV: pixel centres at integers.
 */
export interface PlacedSurface {
  image: PixelImage;
  /** Where the surface image's outer corners land: top-left, top-right, bottom-right, bottom-left. */
  corners: [Point, Point, Point, Point];
}

export interface SyntheticPhotoOptions {
  width: number;
  height: number;
  surfaces: PlacedSurface[];
  blurSigma?: number;
  noiseSigma?: number;
  seed?: number;
}

export interface PerspectiveView {
  center: Point;
  /** Width of the surface in the photo when seen head-on, pixels. */
  widthPx: number;
  aspect: number;
  rotationDegrees?: number;
  /** Camera tilt about the surface's horizontal axis; 0 is parallel to the paper. */
  tiltDegrees?: number;
}

/** Corners of a `aspect`-shaped rectangle seen by a pinhole camera with the given tilt and roll. */
export function perspectiveQuad(view: PerspectiveView): [Point, Point, Point, Point] {
  const halfW = view.widthPx / 2;
  const halfH = halfW / view.aspect;
  const tilt = ((view.tiltDegrees ?? 0) * PI) / 180;
  const roll = ((view.rotationDegrees ?? 0) * PI) / 180;
  const focal = 1.2 * view.widthPx;
  const distance = focal;
  const local: Point[] = [
    { x: -halfW, y: -halfH },
    { x: halfW, y: -halfH },
    { x: halfW, y: halfH },
    { x: -halfW, y: halfH },
  ];
  return local.map((p) => {
    // Tilt about the x axis, then perspective divide, then roll in the image plane.
    const y = p.y * cos(tilt);
    const z = distance + p.y * sin(tilt);
    const u = (focal * p.x) / z;
    const v = (focal * y) / z;
    return {
      x: view.center.x + u * cos(roll) - v * sin(roll),
      y: view.center.y + u * sin(roll) + v * cos(roll),
    };
  }) as [Point, Point, Point, Point];
}

/** Homography from a surface image's pixel coordinates to the photo. */
export function surfaceToPhoto(surface: PlacedSurface): Homography {
  const { width, height } = surface.image;
  const from = [
    { x: -0.5, y: -0.5 },
    { x: width - 0.5, y: -0.5 },
    { x: width - 0.5, y: height - 0.5 },
    { x: -0.5, y: height - 0.5 },
  ];
  const h = fitHomography(from, surface.corners);
  if (!h) throw new Error('surface corners are degenerate');
  return h;
}

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = imul(t ^ (t >>> 15), t | 1);
    t ^= t + imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function synthesizePhoto(options: SyntheticPhotoOptions): Promise<PixelImage> {
  const cv = await loadOpenCv();
  const random = mulberry32(options.seed ?? 1);
  const { width, height } = options;
  const photo = new Uint8Array(width * height);
  // A smooth mid-grey table top with a gentle gradient, never pure white or black.
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) photo[y * width + x] = 90 + round((40 * (x + y)) / (width + height));
  }
  withCvScope((keep) => {
    for (const surface of options.surfaces) {
      const grey = toGrey(surface.image);
      const src = keep(new cv.Mat(grey.height, grey.width, cv.CV_8UC1));
      src.data.set(grey.data);
      const h = surfaceToPhoto(surface);
      const transform = keep(cv.matFromArray(3, 3, cv.CV_64FC1, h));
      const warped = keep(new cv.Mat());
      cv.warpPerspective(src, warped, transform, new cv.Size(width, height), cv.INTER_LINEAR, cv.BORDER_CONSTANT, new cv.Scalar(0));
      const mask = keep(new cv.Mat(grey.height, grey.width, cv.CV_8UC1));
      mask.data.fill(255);
      const warpedMask = keep(new cv.Mat());
      cv.warpPerspective(mask, warpedMask, transform, new cv.Size(width, height), cv.INTER_LINEAR, cv.BORDER_CONSTANT, new cv.Scalar(0));
      // Mat.data is a getter that builds a new view on every access: read it once.
      const ink = warped.data;
      const coverage = warpedMask.data;
      for (let i = 0; i < photo.length; i++) {
        const alpha = coverage[i] / 255;
        // Paper is slightly off-white and ink slightly grey, as in a real photograph.
        const paper = 30 + ink[i] * 0.82;
        photo[i] = round(photo[i] * (1 - alpha) + paper * alpha);
      }
    }
    if (options.blurSigma && options.blurSigma > 0) {
      const mat = keep(new cv.Mat(height, width, cv.CV_8UC1));
      mat.data.set(photo);
      const blurred = keep(new cv.Mat());
      cv.GaussianBlur(mat, blurred, new cv.Size(0, 0), options.blurSigma, options.blurSigma, cv.BORDER_REPLICATE);
      photo.set(blurred.data);
    }
  });
  const noise = options.noiseSigma ?? 0;
  if (noise > 0) {
    // A table of Gaussian draws indexed by a cheap generator keeps megapixel noise fast.
    const table = new Float32Array(1 << 14);
    for (let i = 0; i < table.length; i++) table[i] = sqrt(-2 * log(random() + 1e-12)) * cos(2 * PI * random()) * noise;
    let state = (options.seed ?? 1) >>> 0;
    for (let i = 0; i < photo.length; i++) {
      state = (imul(state, 1664525) + 1013904223) >>> 0;
      const v = photo[i] + table[state >>> 18];
      photo[i] = v < 0 ? 0 : v > 255 ? 255 : round(v);
    }
  }
  return { data: photo, width, height, channels: 1 };
}
