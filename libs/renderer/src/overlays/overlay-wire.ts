/**
 * The wire format of resolved overlay instructions (the `instructions` of POST
 * /v1/renders/{renderId}/overlays): plain JSON in output pixels of the rendered artifact (origin
 * top-left, y down). Dependency-free, so a browser client (the console) reads the same types.
 */
export type Pixel = [number, number];

export interface OverlayStroke {
  color: string;
  widthPixels: number;
  opacity: number;
  /** canvas/SVG dash array in pixels; empty for a solid line */
  dash: number[];
  /** `round` makes the zero-length dashes of dotted styles into dots */
  lineCap: 'butt' | 'round';
}

export interface OverlayFill {
  color: string;
  opacity: number;
}

export type MarkerShape = 'circle' | 'square' | 'flag';
export type TextAlign = 'left' | 'center' | 'right';
export type TextBaseline = 'top' | 'middle' | 'bottom';

export type OverlayInstruction =
  | { kind: 'polyline'; points: Pixel[]; closed: boolean; stroke: OverlayStroke; fill?: OverlayFill }
  | {
      kind: 'line';
      from: Pixel;
      to: Pixel;
      stroke: OverlayStroke;
      /** dot: a disc of diameter sizePixels at each end; point: an arrow head sizePixels long pointing outward */
      endCaps?: { shape: 'dot' | 'point'; sizePixels: number; color: string };
    }
  | { kind: 'circle'; center: Pixel; radiusPixels: number; stroke?: OverlayStroke; fill?: OverlayFill }
  /** `at` is the marker centre, except for `flag`, whose pole foot stands at `at` */
  | { kind: 'marker'; at: Pixel; shape: MarkerShape; sizePixels: number; fill: OverlayFill; stroke?: OverlayStroke }
  | {
      kind: 'label';
      at: Pixel;
      text: string;
      sizePixels: number;
      color: string;
      /** how the text box sits on `at`, as canvas textAlign / textBaseline (padding included) */
      align: TextAlign;
      baseline: TextBaseline;
      background?: OverlayFill;
      padding?: { x: number; y: number };
    }
  | { kind: 'arrow'; tail: Pixel; tip: Pixel; shaftWidthPixels: number; headLengthPixels: number; headWidthPixels: number; fill: OverlayFill }
  /** a PNG covering `box` exactly; its pixels carry their final alpha (opacity applied), draw it unscaled at full opacity */
  | { kind: 'raster'; box: { x: number; y: number; width: number; height: number }; contentType: 'image/png'; dataBase64: string };
