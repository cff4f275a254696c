/**
 * The small part of the OpenCV.js (4.12, with ArUco) surface this library uses. The package's
 * own typings omit the aruco module, so the subset is declared here once.
 */
export interface CvMat {
  rows: number;
  cols: number;
  data: Uint8Array;
  data32F: Float32Array;
  data32S: Int32Array;
  data64F: Float64Array;
  delete(): void;
}

export interface CvMatVector {
  size(): number;
  get(index: number): CvMat;
  delete(): void;
}

export interface CvArucoDetectorParameters {
  cornerRefinementMethod: number;
  adaptiveThreshWinSizeMin: number;
  adaptiveThreshWinSizeMax: number;
  adaptiveThreshWinSizeStep: number;
  minMarkerPerimeterRate: number;
  polygonalApproxAccuracyRate: number;
  perspectiveRemovePixelPerCell: number;
  perspectiveRemoveIgnoredMarginPerCell: number;
  errorCorrectionRate: number;
  detectInvertedMarker: boolean;
  delete(): void;
}

export interface CvArucoDictionary {
  markerSize: number;
  maxCorrectionBits: number;
  generateImageMarker(id: number, sidePixels: number, out: CvMat, borderBits: number): void;
  delete(): void;
}

export interface CvArucoDetector {
  detectMarkers(image: CvMat, corners: CvMatVector, ids: CvMat, rejected: CvMatVector): void;
  delete(): void;
}

export interface OpenCv {
  Mat: new (...args: unknown[]) => CvMat;
  MatVector: new () => CvMatVector;
  Size: new (width: number, height: number) => unknown;
  Scalar: new (...values: number[]) => unknown;
  matFromArray(rows: number, cols: number, type: number, values: ArrayLike<number>): CvMat;
  resize(src: CvMat, dst: CvMat, size: unknown, fx: number, fy: number, interpolation: number): void;
  warpPerspective(src: CvMat, dst: CvMat, transform: CvMat, size: unknown, flags: number, borderMode: number, borderValue: unknown): void;
  GaussianBlur(src: CvMat, dst: CvMat, size: unknown, sigmaX: number, sigmaY: number, border: number): void;
  getPredefinedDictionary(name: number): CvArucoDictionary;
  aruco_DetectorParameters: new () => CvArucoDetectorParameters;
  aruco_RefineParameters: new (
    minRepDistance: number,
    errorCorrectionRate: number,
    checkAllOrders: boolean,
  ) => {
    delete(): void;
  };
  aruco_ArucoDetector: new (dictionary: CvArucoDictionary, parameters: CvArucoDetectorParameters, refine: unknown) => CvArucoDetector;
  CV_8UC1: number;
  CV_32FC1: number;
  CV_64FC1: number;
  INTER_AREA: number;
  INTER_LINEAR: number;
  INTER_CUBIC: number;
  BORDER_CONSTANT: number;
  BORDER_REPLICATE: number;
  DICT_6X6_250: number;
  CORNER_REFINE_NONE: number;
}

export class OpenCvUnavailableError extends Error {
  readonly code = 'scorecard-normalization-unavailable';
}

let loading: Promise<OpenCv> | undefined;

/**
 * Loads the OpenCV WASM build once per process and waits for its runtime. The Emscripten
 * module object carries a `then` that hands back the module itself, so any `await` on it would
 * loop forever; once the runtime is up that `then` is removed, which makes the module a plain
 * value that promises can carry.
 */
export function loadOpenCv(): Promise<OpenCv> {
  loading ??= new Promise<OpenCv>((resolve, reject) => {
    let module: unknown;
    try {
      // Lazy: parsing the 10 MB build costs ~0.4 s, paid only by callers that detect markers.
      module = require('@techstark/opencv-js');
    } catch (error) {
      reject(new OpenCvUnavailableError(`OpenCV.js could not be loaded: ${(error as Error).message}`));
      return;
    }
    const settle = (cv: OpenCv): void => {
      delete (cv as { then?: unknown }).then;
      resolve(cv);
    };
    if (module instanceof Promise) {
      module.then((cv: OpenCv) => settle(cv), reject);
      return;
    }
    const candidate = module as OpenCv & { onRuntimeInitialized?: () => void };
    if (typeof candidate.Mat === 'function') {
      settle(candidate);
      return;
    }
    const previous = candidate.onRuntimeInitialized;
    candidate.onRuntimeInitialized = () => {
      previous?.();
      settle(candidate);
    };
  });
  return loading;
}

/** Runs `work` and deletes every OpenCV object registered through `keep`, even on throw. */
export function withCvScope<T>(work: (keep: <M extends { delete(): void }>(object: M) => M) => T): T {
  const owned: { delete(): void }[] = [];
  try {
    return work((object) => {
      owned.push(object);
      return object;
    });
  } finally {
    for (const object of owned.reverse()) object.delete();
  }
}
