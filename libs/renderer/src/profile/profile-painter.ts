import type { SKRSContext2D } from '@napi-rs/canvas';
import type { Course } from '@caddie/catalog';
import type { NormalizedStyle } from '@caddie/styles';
import { font, registerFonts } from '../fonts/register-fonts';
import { relativeFeetAt, sampleElevationProfile, type ElevationProfile } from './elevation-profile-sampler';
import { profileAccuracy } from './profile-accuracy';
import { axisAlong, axisX, layOutDistanceAxis, type ProfileDistanceAxis } from './profile-distance-axis';
import {
  chooseStationStep,
  formatProfileDistance,
  formatSignedFeet,
  metersToProfileUnits,
  parseProfileDistanceUnit,
  profileUnitsToMeters,
} from './profile-distance-labels';
import { LabelPlacement } from './profile-label-placement';
import { inkOn, paintApproachCircle, paintFlag, paintLabel, paintTeeSquare, UNKNOWN_TEE_COLOR } from './profile-marks';
import type { ProfileApproachStation, ProfileLabel, ProfileLabelKind, ProfileMetadata, ProfileTeeMarker } from './profile-metadata';
import { profileSizing, type ProfileBox, type ProfileSizing } from './profile-sizing';
import { paintBreakZigzag, ProfileTerrain, type ProfileLineStyle } from './profile-terrain';
import { fitVerticalScale } from './profile-vertical-scale';

const GROUND_FILL = '#D5E6C8';
const TERRAIN_LINE = '#2F6B3F';
const STATION_GUIDE = '#9DB98E';
/** At the reference size: a few stations across the width, not a ruler. */
const MIN_STATION_SPACING_PIXELS = 120;

interface PendingLabel {
  kind: ProfileLabelKind;
  text: string;
  candidates: ProfileBox[];
  /** tried only after every tee badge has tried its `candidates` (sideways, with a leader line) */
  fallback?: ProfileBox[];
  badge?: string;
  /** top centre of the tee marker a badge belongs to */
  anchor?: [number, number];
  onPlaced?: () => void;
}

/**
 * Paints the side-view elevation profile of one hole (spec Graphics rule 14) onto a canvas of
 * `size`: terrain from the chosen tee to the green centre (the zero-foot datum), tee squares,
 * approach circles with signed elevations, bottom distances, a zigzag over an omitted middle.
 * Throws ProfileDataMissingError when the course lacks the hole, its geometry or elevation.
 */
export function paintProfileElevation(
  ctx: SKRSContext2D,
  size: { width: number; height: number },
  course: Course,
  holeNumber: number,
  style: NormalizedStyle,
): ProfileMetadata {
  const profile = sampleElevationProfile(course, holeNumber, style.profileTee);
  registerFonts();
  const sizing = profileSizing(size, style);
  const unit = parseProfileDistanceUnit(style.profileDistanceUnit);
  const lineStyle: ProfileLineStyle = style.profileLineStyle === 'stepped' ? 'stepped' : 'smooth';
  const background = style.profileBackgroundColor ?? '#FFFFFF';
  const ink = inkOn(background);
  const content = sizing.contentBounds;
  const gap = sizing.labelSurfaceGapPixels;
  const L = profile.lengthMeters;

  // text, markers and the flag keep a safety inset from the content edges even at padding 0
  const safety = 2 * gap;
  const sideMargin = Math.round(Math.max(sizing.teeMarkerSizePixels / 2, sizing.flagPoleHeightPixels * 0.5) + 2 * gap + safety);
  const plotLeft = content.x + sideMargin;
  const plotRight = content.x + content.width - sideMargin;
  const breakBand = Math.round(Math.max(56 * sizing.scale, 0.05 * (plotRight - plotLeft)));
  const axis = layOutDistanceAxis(L, plotLeft, plotRight, breakBand);

  const baseLineY = content.y + content.height - sizing.yardageBandPixels;
  const terrainBandTop = content.y + sizing.topSafetyBandPixels;
  const minGround = Math.max(sizing.approachMarkerDiameterPixels, Math.round(0.1 * (baseLineY - terrainBandTop)));
  const shown = profile.samples.filter((s) => axis.segments.some(([a, b]) => s.alongMeters >= a && s.alongMeters <= b));
  const minFeet = Math.min(...shown.map((s) => s.relativeFeet));
  const maxFeet = Math.max(...shown.map((s) => s.relativeFeet));
  const vertical = fitVerticalScale(minFeet, maxFeet, axis.pixelsPerMeter, terrainBandTop, Math.max(terrainBandTop + 1, baseLineY - minGround));
  const terrain = new ProfileTerrain(profile, axis, vertical, lineStyle, sizing.scale);

  const tees = teeMarkers(profile, axis, terrain, unit);
  const stationSpacing = minStationSpacing(ctx, sizing, L, unit);
  const stationInterval = chooseStationStep(axis.pixelsPerMeter, stationSpacing, unit);
  const accuracy = profileAccuracy(course, profile);
  const stations = approachStations(profile, axis, terrain, sizing, tees, stationInterval, unit, stationSpacing / 2, accuracy.labelStepFeet);

  ctx.save();
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, size.width, size.height);
  ctx.beginPath();
  ctx.rect(content.x, content.y, content.width, content.height);
  ctx.clip();

  terrain.paint(ctx, baseLineY, { ground: GROUND_FILL, line: TERRAIN_LINE }, sizing.terrainLinePixels);
  const guidePixels = Math.max(1, Math.round(sizing.scale));
  for (const s of stations) strokeLine(ctx, s.x, s.y, s.x, baseLineY, STATION_GUIDE, guidePixels);
  const baseLinePixels = Math.max(1, Math.round(sizing.terrainLinePixels * 0.67));
  for (const [from, to] of axis.segments) strokeLine(ctx, axisX(axis, from)!, baseLineY, axisX(axis, to)!, baseLineY, TERRAIN_LINE, baseLinePixels);
  const zigzagAmplitude = Math.max(3, Math.round(6 * sizing.scale));
  if (axis.break) paintBreakZigzag(ctx, axis.break.leftPixels, axis.break.rightPixels, baseLineY, zigzagAmplitude, TERRAIN_LINE, baseLinePixels);

  const placement = new LabelPlacement({ x: content.x + safety, y: content.y, width: content.width - 2 * safety, height: content.height });
  const markerTops: number[] = [];
  const green = { x: axisX(axis, L)!, y: terrain.yAt(L) };
  const flagBox = paintFlag(ctx, green.x, green.y, sizing.flagPoleHeightPixels, ink, sizing.markerOutlinePixels);
  placement.reserve(flagBox);
  markerTops.push(flagBox.y);
  for (const t of [...tees].reverse()) {
    if (t.x === null || t.y === null) continue;
    const box = paintTeeSquare(ctx, t.x, t.y, sizing.teeMarkerSizePixels, t.color ?? UNKNOWN_TEE_COLOR, ink, sizing.markerOutlinePixels);
    placement.reserve(box);
    markerTops.push(box.y);
  }
  for (const s of stations) {
    const box = paintApproachCircle(ctx, s.x, s.y, sizing.approachMarkerDiameterPixels, background, ink, sizing.markerOutlinePixels);
    placement.reserve(box);
    markerTops.push(box.y);
  }

  const labels: ProfileLabel[] = [];
  const droppedLabels: { kind: ProfileLabelKind; text: string }[] = [];
  const lift = (x: number, markerTop: number, text: string, sizePx: number, badge: boolean) =>
    liftedCandidates(ctx, axis, terrain, content, x, markerTop, text, sizePx, badge, gap, sizing.terrainLinePixels / 2);
  const badgeCandidates = (x: number, markerTop: number, text: string) => {
    const above = lift(x, markerTop, text, sizing.labelFontPixels, true);
    const below = belowCandidates(axis, terrain, above[0], markerTop + sizing.teeMarkerSizePixels, gap + sizing.terrainLinePixels / 2);
    return { candidates: above, fallback: [...below, ...sidewaysCandidates(above)] };
  };
  const pending: PendingLabel[] = [];
  const selected = tees.find((t) => t.selected && t.x !== null);
  if (selected) {
    const text = `${selected.name ?? 'Tee'} ${formatSignedFeet(selected.elevationFeet, accuracy.labelStepFeet)}`;
    pending.push({
      kind: 'tee-badge',
      text,
      badge: selected.color ?? UNKNOWN_TEE_COLOR,
      anchor: [selected.x!, selected.y! - sizing.teeMarkerSizePixels],
      ...badgeCandidates(selected.x!, selected.y! - sizing.teeMarkerSizePixels, text),
    });
  }
  // every tee's badge is placed before any station label can take its room
  for (const t of tees) {
    if (t.selected || t.x === null) continue;
    const text = formatSignedFeet(t.elevationFeet, accuracy.labelStepFeet);
    pending.push({
      kind: 'tee-badge',
      text,
      badge: t.color ?? UNKNOWN_TEE_COLOR,
      anchor: [t.x, t.y! - sizing.teeMarkerSizePixels],
      ...badgeCandidates(t.x, t.y! - sizing.teeMarkerSizePixels, text),
    });
  }
  for (const s of stations) {
    const top = s.y - sizing.approachMarkerDiameterPixels / 2;
    pending.push({
      kind: 'station-elevation',
      text: s.elevationLabel,
      candidates: lift(s.x, top, s.elevationLabel, sizing.labelFontPixels, false),
      onPlaced: () => (s.elevationLabelShown = true),
    });
  }
  const bottomRow = (x: number, text: string) => [centredBox(ctx, x, baseLineY + gap, text, sizing.yardageFontPixels)];
  if (selected)
    pending.push({ kind: 'tee-distance', text: formatProfileDistance(L, unit), candidates: bottomRow(selected.x!, formatProfileDistance(L, unit)) });
  for (const s of stations)
    pending.push({
      kind: 'station-distance',
      text: s.distanceLabel,
      candidates: bottomRow(s.x, s.distanceLabel),
      onPlaced: () => (s.distanceLabelShown = true),
    });

  if (accuracy.note) {
    // after every data label, so the note never displaces one; a top corner of the plot, left first
    const note = centredBox(ctx, 0, content.y, accuracy.note, sizing.yardageFontPixels);
    const corners = [content.x, content.x + content.width - note.width].map((x) => ({ ...note, x }));
    pending.push({ kind: 'accuracy-note', text: accuracy.note, candidates: corners });
  }
  // every badge first tries the rows over its own tee; only then do crowded badges move sideways
  const boxes = new Map<PendingLabel, ProfileBox | null>();
  for (const label of pending) if (label.fallback) boxes.set(label, placement.place(label.candidates));
  for (const label of pending) {
    if (!label.fallback || boxes.get(label)) continue;
    // a leader may not run through another label
    const clear = label.fallback.filter((box) => {
      const leader = leaderLine(label.anchor!, box);
      return !leader || !placement.boxes.some((other) => segmentCrossesBox(leader.from, leader.to, other));
    });
    boxes.set(label, placement.place(clear));
  }
  for (const label of pending) {
    const box = boxes.has(label) ? boxes.get(label)! : placement.place(label.candidates);
    if (!box) {
      droppedLabels.push({ kind: label.kind, text: label.text });
      continue;
    }
    label.onPlaced?.();
    const leader = label.anchor ? leaderLine(label.anchor, box) : undefined;
    if (leader) strokeLine(ctx, leader.from[0], leader.from[1], leader.to[0], leader.to[1], ink, Math.max(1, sizing.markerOutlinePixels / 2));
    labels.push({ kind: label.kind, text: label.text, box, ...(leader ? { leader } : {}) });
    const bottom = label.kind === 'tee-distance' || label.kind === 'station-distance' || label.kind === 'accuracy-note';
    const sizePx = bottom ? sizing.yardageFontPixels : sizing.labelFontPixels;
    const badge = label.badge ? { fill: label.badge, outline: ink, outlinePixels: Math.max(1, Math.round(sizing.markerOutlinePixels / 2)) } : undefined;
    paintLabel(ctx, box, label.text, sizePx, bottom ? 'normal' : 'bold', ink, badge);
  }
  ctx.restore();

  const terrainTop = Math.min(...axis.segments.map(([a, b]) => terrain.topY(a, b)));
  const labelTop = labels.length ? Math.min(...labels.map((l) => l.box.y)) : null;
  const markerTop = Math.min(...markerTops);
  const topClearance = {
    terrainPixels: round2(terrainTop - content.y),
    markerPixels: round2(markerTop - content.y),
    labelPixels: labelTop === null ? null : round2(labelTop - content.y),
    minimumPixels: round2(Math.min(terrainTop, markerTop, labelTop ?? Infinity) - content.y),
  };
  const choice = profile.choice;
  return {
    courseId: course.id,
    holeNumber,
    distanceUnit: unit,
    lengthMeters: round2(L),
    length: Math.round(metersToProfileUnits(L, unit)),
    sampleStepMeters: profile.stepMeters,
    sampleCount: profile.samples.length,
    samplesFromGreenGrid: profile.samples.filter((s) => s.source === 'green').length,
    datum: {
      longitude: profile.datum.point[0],
      latitude: profile.datum.point[1],
      elevationMeters: round2(profile.datum.elevationMeters),
      source: profile.datum.source,
    },
    relief: { minFeet: round2(minFeet), maxFeet: round2(maxFeet) },
    elevationAccuracy: accuracy,
    tee: choice && {
      teeSetId: choice.tee.teeSetId,
      featureId: choice.tee.featureId,
      name: choice.teeSet?.name ?? null,
      color: choice.teeSet?.color ?? null,
      catalogYards: choice.tee.yards,
      matchedBy: choice.matchedBy,
    },
    tees,
    omittedTeeSetIds: profile.omittedTees.map((t) => t.teeSetId),
    stationInterval,
    stations,
    break: axis.break && {
      omittedFromMeters: round2(axis.break.startMeters),
      omittedToMeters: round2(axis.break.endMeters),
      omittedLength: Math.round(metersToProfileUnits(axis.break.endMeters - axis.break.startMeters, unit)),
      bandLeftPixels: round2(axis.break.leftPixels),
      bandRightPixels: round2(axis.break.rightPixels),
      zigzagAmplitudePixels: zigzagAmplitude,
    },
    labels,
    droppedLabels,
    presentation: {
      teeMarkerStyle: 'square',
      teeMarkerSizePixels: sizing.teeMarkerSizePixels,
      approachMarkerStyle: 'outlined-circle',
      approachMarkerDiameterPixels: sizing.approachMarkerDiameterPixels,
      markerOutlinePixels: sizing.markerOutlinePixels,
      topSafetyBandPixels: sizing.topSafetyBandPixels,
      labelSurfaceGapPixels: gap,
      topClearance,
      verticalExaggeration: vertical.verticalExaggeration,
      padding: sizing.padding,
      contentBounds: content,
      plotBounds: { x: plotLeft, y: terrainBandTop, width: plotRight - plotLeft, height: baseLineY - terrainBandTop },
      backgroundColor: background,
      lineStyle,
      labelFontPixels: sizing.labelFontPixels,
      yardageFontPixels: sizing.yardageFontPixels,
      baseLineY,
    },
  };
}

const round2 = (v: number) => Math.round(v * 100) / 100;

function strokeLine(ctx: SKRSContext2D, x0: number, y0: number, x1: number, y1: number, color: string, width: number): void {
  ctx.beginPath();
  ctx.moveTo(x0, y0);
  ctx.lineTo(x1, y1);
  ctx.strokeStyle = color;
  ctx.lineWidth = width;
  ctx.lineCap = 'butt';
  ctx.stroke();
}

function teeMarkers(
  profile: ElevationProfile,
  axis: ProfileDistanceAxis,
  terrain: ProfileTerrain,
  unit: ReturnType<typeof parseProfileDistanceUnit>,
): ProfileTeeMarker[] {
  return profile.tees.map((t) => {
    const x = axisX(axis, t.alongMeters);
    return {
      teeSetId: t.tee.teeSetId,
      name: t.teeSet?.name ?? null,
      color: t.teeSet?.color ?? null,
      selected: t.selected,
      alongMeters: round2(t.alongMeters),
      distanceToGreen: Math.round(metersToProfileUnits(profile.lengthMeters - t.alongMeters, unit)),
      elevationFeet: round2(t.relativeFeet),
      x: x === null ? null : round2(x),
      y: x === null ? null : round2(terrain.yAt(t.alongMeters)),
    };
  });
}

/** Stations must sit far enough apart for their labels: the widest elevation or distance text plus gaps. */
function minStationSpacing(ctx: SKRSContext2D, sizing: ProfileSizing, lengthMeters: number, unit: ReturnType<typeof parseProfileDistanceUnit>): number {
  ctx.font = font('sans', sizing.labelFontPixels, 'bold');
  const elevationWidth = ctx.measureText('+88 ft').width;
  ctx.font = font('sans', sizing.yardageFontPixels, 'normal');
  const distanceWidth = ctx.measureText(formatProfileDistance(lengthMeters, unit)).width;
  const labelRoom = Math.max(elevationWidth, distanceWidth) + 3 * sizing.labelSurfaceGapPixels;
  return Math.max(labelRoom, MIN_STATION_SPACING_PIXELS * sizing.scale);
}

/** Stations every `interval` units back from the flag, skipping those on a tee square or at the blank band. */
function approachStations(
  profile: ElevationProfile,
  axis: ProfileDistanceAxis,
  terrain: ProfileTerrain,
  sizing: ProfileSizing,
  tees: ProfileTeeMarker[],
  interval: number,
  unit: ReturnType<typeof parseProfileDistanceUnit>,
  clearOfStart: number,
  labelStepFeet: number,
): ProfileApproachStation[] {
  const radius = sizing.approachMarkerDiameterPixels / 2;
  const clearOfTee = sizing.teeMarkerSizePixels / 2 + radius + sizing.labelSurfaceGapPixels;
  const start = axisX(axis, 0)!;
  const clearOfBand = radius + sizing.labelSurfaceGapPixels;
  const stations: ProfileApproachStation[] = [];
  for (let k = 1; ; k++) {
    const toGreenMeters = profileUnitsToMeters(k * interval, unit);
    const along = profile.lengthMeters - toGreenMeters;
    if (along <= 0) break;
    const x = axisX(axis, along);
    if (x === null) continue;
    const b = axis.break;
    if (b && (Math.abs(x - b.leftPixels) < clearOfBand || Math.abs(x - b.rightPixels) < clearOfBand)) continue;
    // The profiled tee's badge and total distance own the start of the line.
    if (x - start < Math.max(clearOfTee, clearOfStart)) continue;
    if (tees.some((t) => t.x !== null && Math.abs(t.x - x) < clearOfTee)) continue;
    // the label reads the ground at the station itself, even where a stepped tread averages it
    const elevationFeet = relativeFeetAt(profile.samples, along);
    stations.push({
      distanceToGreen: k * interval,
      alongMeters: round2(along),
      elevationFeet: round2(elevationFeet),
      elevationLabel: formatSignedFeet(elevationFeet, labelStepFeet),
      distanceLabel: formatProfileDistance(toGreenMeters, unit),
      x: round2(x),
      y: round2(terrain.yAt(along)),
      elevationLabelShown: false,
      distanceLabelShown: false,
    });
  }
  return stations;
}

function centredBox(ctx: SKRSContext2D, x: number, y: number, text: string, sizePx: number): ProfileBox {
  ctx.font = font('sans', sizePx, 'normal');
  const width = Math.ceil(ctx.measureText(text).width + 2);
  return { x: x - width / 2, y, width, height: Math.ceil(sizePx * 1.25) };
}

/**
 * Candidate boxes above a marker, lowest first: the label clears the marker and every bit of
 * terrain under its own width by the surface gap, then steps up one row at a time.
 */
function liftedCandidates(
  ctx: SKRSContext2D,
  axis: ProfileDistanceAxis,
  terrain: ProfileTerrain,
  bounds: ProfileBox,
  x: number,
  markerTop: number,
  text: string,
  sizePx: number,
  badge: boolean,
  gap: number,
  lineHalf: number,
): ProfileBox[] {
  ctx.font = font('sans', sizePx, 'bold');
  const width = Math.ceil(ctx.measureText(text).width + (badge ? sizePx : 2));
  const height = Math.ceil(sizePx * 1.25);
  const left = Math.max(bounds.x, Math.min(bounds.x + bounds.width - width, x - width / 2));
  let surface = markerTop;
  for (let px = Math.floor(left); px <= Math.ceil(left + width); px++) {
    const along = axisAlong(axis, px);
    if (along === null || along < 0 || along > axis.lengthMeters) continue;
    surface = Math.min(surface, terrain.yAt(along) - lineHalf);
  }
  const bottom = surface - gap;
  // tee badges may stack higher than station labels: a badge never gives way while the plot has room
  const rows = badge ? 6 : 3;
  return Array.from({ length: rows }, (_, row) => ({ x: left, y: Math.floor(bottom - height - row * (height + gap / 2)), width, height }));
}

/**
 * Under the terrain line, straight below the tee: the fill under a short par 3's tees is empty,
 * so a crowded badge reads there without a leader. Rows step down from the lowest terrain point
 * under the badge's width.
 */
function belowCandidates(axis: ProfileDistanceAxis, terrain: ProfileTerrain, over: ProfileBox, markerBottom: number, gap: number): ProfileBox[] {
  let surface = markerBottom;
  for (let px = Math.floor(over.x); px <= Math.ceil(over.x + over.width); px++) {
    const along = axisAlong(axis, px);
    if (along === null || along < 0 || along > axis.lengthMeters) continue;
    surface = Math.max(surface, terrain.yAt(along));
  }
  return [0, 1, 2].map((row) => ({ ...over, y: Math.ceil(surface + gap + row * (over.height + gap / 2)) }));
}

/**
 * When every row above a tee is taken (tees close together under large labels), its badge moves
 * sideways, about half a badge at a time, nearest first; a leader line ties it to its tee.
 */
function sidewaysCandidates(above: readonly ProfileBox[]): ProfileBox[] {
  return above.flatMap((box) => BADGE_SHIFTS.map((k) => ({ ...box, x: box.x + k * box.width * 0.55 })));
}

/** sideways offsets tried for a crowded tee badge, in half-badge steps, nearest first */
const BADGE_SHIFTS = [1, -1, 2, -2, 3, -3, 4, -4];

/** Whether the segment passes through the box (sampled every pixel). */
function segmentCrossesBox(from: [number, number], to: [number, number], box: ProfileBox): boolean {
  const steps = Math.max(1, Math.ceil(Math.hypot(to[0] - from[0], to[1] - from[1])));
  for (let i = 0; i <= steps; i++) {
    const x = from[0] + ((to[0] - from[0]) * i) / steps;
    const y = from[1] + ((to[1] - from[1]) * i) / steps;
    if (x >= box.x && x <= box.x + box.width && y >= box.y && y <= box.y + box.height) return true;
  }
  return false;
}

/** A leader from the tee marker to a badge that no longer sits over it, else undefined. */
function leaderLine(anchor: [number, number], box: ProfileBox): ProfileLabel['leader'] {
  const radius = box.height / 2;
  if (anchor[0] >= box.x + radius && anchor[0] <= box.x + box.width - radius) return undefined;
  const x = Math.max(box.x + radius, Math.min(box.x + box.width - radius, anchor[0]));
  return { from: [anchor[0], anchor[1] - 1], to: [x, box.y + box.height] };
}
