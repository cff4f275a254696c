/**
 * The normalized graphic request: the same object for a GET and an equivalent POST, with every
 * applicable default filled, aliases and `auto` values resolved. It mirrors the POST body
 * layout, so each option sits at its body path. Options that do not apply to the subject,
 * style or other settings are absent; so are options whose default is "none" (targets, heatmap).
 */
import type { ImageFormat, GraphicStyle, HoleLayout } from './graphics-vocabulary';
import type { ImagePadding, MetricPadding } from './padding-shorthand';
import type { RegionComposition } from './region-composition';

export const NORMALIZED_REQUEST_SCHEMA = 'caddie-graphic-request@1';

export type NormalizedSubject =
  | { type: 'hole'; holeNumber: number }
  | { type: 'green'; holeNumber: number }
  | { type: 'course' }
  | { type: 'profile-elevation'; holeNumber: number }
  | { type: 'hole-region'; holeNumber: number };

export interface NormalizedStyle {
  graphicStyle: GraphicStyle;
  paperTheme?: string;
  terrainIntensity?: number;
  terrainTexture?: boolean;
  fairwayPattern?: string;
  teePattern?: string;
  waterTreatment?: 'light' | 'medium' | 'dark';
  bunkerTreatment?: string;
  greenery?: string;
  housing?: 'warm' | 'cool' | 'mixed' | 'none';
  overtureSegments?: 'all' | 'small' | 'none';
  perimeterTreatment?: string;
  nearbyHoles?: string;
  roughOpacity?: number;
  pencilFeatures?: { buildings: boolean; paths: boolean; perimeter: boolean };
  graphicStyling?: Record<string, unknown>;
  context?: { graphing: boolean; edges?: boolean; contours?: boolean; washes?: boolean };
  profileLineStyle?: string;
  profileLabelSize?: string | number;
  profileYardageSize?: string | number;
  profileTee?: string;
  profileTeeMarkerSize?: number;
  profileDistanceUnit?: string;
  profilePadding?: ImagePadding;
  profileBackgroundColor?: string;
}

export interface NormalizedGraphicRequest {
  schema: typeof NORMALIZED_REQUEST_SCHEMA;
  subject: NormalizedSubject;
  output: { format: ImageFormat; width: number; height: number; quality?: number; dpi: number };
  style: NormalizedStyle;
  composition?: {
    mode: 'preset' | 'exact';
    layout: HoleLayout;
    flagAnchor: string;
    teeAnchor: string;
    teeSide?: 'left' | 'right';
    flagTarget?: { x?: number; y?: number };
    teeTarget?: { x?: number; y?: number };
    padding: ImagePadding;
  };
  courseComposition?: { padding: ImagePadding | 'auto' };
  greenComposition?: {
    orientation: 'approach' | 'north';
    paddingMeters?: MetricPadding;
    padding?: ImagePadding;
    approachEdge?: string;
    rotationDegrees: number;
    gravity: string;
    /** 'rule-4.3': refused when the green prints larger than 1:480 at the output dpi */
    rules?: 'rule-4.3';
  };
  greenData?: {
    heatmap?: 'elevation';
    heatmapOpacity?: number;
    heatmapLegend?: boolean;
    breaks?: boolean;
    breakStyle?: string;
    breakDensity?: string;
    breakColor?: string;
  };
  regionComposition?: RegionComposition;
}
