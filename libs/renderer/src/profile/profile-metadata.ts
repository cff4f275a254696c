import type { ProfileAccuracy } from './profile-accuracy';
import type { ElevationSource } from './elevation-profile-sampler';
import type { ProfileDistanceUnit } from './profile-distance-labels';
import type { ProfileLineStyle } from './profile-terrain';
import type { ProfileTeeMatch } from './profile-tee-selection';
import type { ProfileBox } from './profile-sizing';

/** Spec Graphics rule 14: `profileElevation.presentation` of the render metadata. */
export interface ProfilePresentation {
  teeMarkerStyle: 'square';
  teeMarkerSizePixels: number;
  approachMarkerStyle: 'outlined-circle';
  approachMarkerDiameterPixels: number;
  markerOutlinePixels: number;
  topSafetyBandPixels: number;
  labelSurfaceGapPixels: number;
  /** pixels from the top of the content box to the highest terrain, marker and label */
  topClearance: { terrainPixels: number; markerPixels: number; labelPixels: number | null; minimumPixels: number };
  verticalExaggeration: number;
  /** resolved output pixels on each side */
  padding: { top: number; right: number; bottom: number; left: number };
  /** the box inside the padding; nothing is drawn outside it but the background */
  contentBounds: ProfileBox;
  /** where the terrain runs: tee at the left edge, green centre at the right */
  plotBounds: ProfileBox;
  backgroundColor: string;
  lineStyle: ProfileLineStyle;
  labelFontPixels: number;
  yardageFontPixels: number;
  /** y of the ground base line above the bottom yardages */
  baseLineY: number;
}

export type ProfileLabelKind = 'tee-badge' | 'station-elevation' | 'station-distance' | 'tee-distance' | 'accuracy-note';

export interface ProfileLabel {
  kind: ProfileLabelKind;
  text: string;
  box: ProfileBox;
  /** a tee badge moved sideways off its tee is tied to it by a leader line, from the tee marker's top to the badge */
  leader?: { from: [number, number]; to: [number, number] };
}

export interface ProfileTeeMarker {
  teeSetId: string | null;
  name: string | null;
  color: string | null;
  selected: boolean;
  /** metres from the profiled tee along the play line */
  alongMeters: number;
  /** to the green centre, in the distance unit, rounded */
  distanceToGreen: number;
  elevationFeet: number;
  /** centre of the square's bottom edge (it sits on the terrain); null when it falls in the omitted stretch */
  x: number | null;
  y: number | null;
}

export interface ProfileApproachStation {
  /** to the green centre, in the distance unit (a multiple of the station interval) */
  distanceToGreen: number;
  alongMeters: number;
  elevationFeet: number;
  elevationLabel: string;
  distanceLabel: string;
  /** circle centre */
  x: number;
  y: number;
  elevationLabelShown: boolean;
  distanceLabelShown: boolean;
}

export interface ProfileMetadata {
  courseId: string;
  holeNumber: number;
  distanceUnit: ProfileDistanceUnit;
  lengthMeters: number;
  /** profile length in the distance unit, rounded */
  length: number;
  sampleStepMeters: number;
  sampleCount: number;
  samplesFromGreenGrid: number;
  /** the green centre: the zero-foot datum */
  datum: { longitude: number; latitude: number; elevationMeters: number; source: ElevationSource };
  relief: { minFeet: number; maxFeet: number };
  /** label rounding and the note printed when the ground model is coarse */
  elevationAccuracy: ProfileAccuracy;
  tee: {
    teeSetId: string | null;
    featureId: string;
    name: string | null;
    color: string | null;
    catalogYards: number | null;
    matchedBy: ProfileTeeMatch;
  } | null;
  tees: ProfileTeeMarker[];
  /** tee sets whose tee lies behind the profiled tee, off the drawn line */
  omittedTeeSetIds: (string | null)[];
  /** approach station interval in the distance unit */
  stationInterval: number;
  stations: ProfileApproachStation[];
  break: {
    omittedFromMeters: number;
    omittedToMeters: number;
    /** omitted length in the distance unit, rounded */
    omittedLength: number;
    bandLeftPixels: number;
    bandRightPixels: number;
    zigzagAmplitudePixels: number;
  } | null;
  labels: ProfileLabel[];
  droppedLabels: { kind: ProfileLabelKind; text: string }[];
  presentation: ProfilePresentation;
}
