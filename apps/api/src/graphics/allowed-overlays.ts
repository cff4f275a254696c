import type { GraphicStyle, GraphicSubjectType, NormalizedGraphicRequest, OverlayType } from '@caddie/styles';

const HOLE: OverlayType[] = [
  'hole-centerline',
  'hole-spine',
  'shot-dispersion',
  'tee',
  'flag',
  'cup',
  'approach-rings',
  'approach-markers',
  'grids',
  'green-elevation-heatmap',
  'green-downhill-arrows',
  'green-measurements',
  'fairway-widths',
  'fairway-downhill-chevrons',
  'teeboxes',
  'teeboxes-legend',
  'hole-number',
];
const GREEN: OverlayType[] = [
  'flag',
  'cup',
  'grids',
  'green-elevation-heatmap',
  'green-downhill-arrows',
  'green-measurements',
  'fairway-downhill-chevrons',
  'hole-number',
];
const COURSE: OverlayType[] = ['hole-centerline', 'tee', 'flag', 'grids', 'teeboxes', 'teeboxes-legend', 'hole-number'];
/** Pencil loads no elevation or putting-surface detail, so its receipts authorize no slope components (rule 2). */
const SURFACE_DATA: OverlayType[] = ['green-elevation-heatmap', 'green-downhill-arrows', 'fairway-downhill-chevrons'];

/** The overlay components a render receipt authorizes; elevation profiles authorize none. */
export function allowedOverlays(request: NormalizedGraphicRequest): OverlayType[] {
  return allowedOverlaysFor(request.subject.type, request.style.graphicStyle);
}

/** The same by subject type and style, for listings made before any render. */
export function allowedOverlaysFor(subjectType: GraphicSubjectType, graphicStyle: GraphicStyle): OverlayType[] {
  const bySubject: Record<GraphicSubjectType, OverlayType[]> = { hole: HOLE, 'hole-region': HOLE, green: GREEN, course: COURSE, 'profile-elevation': [] };
  const allowed = bySubject[subjectType] ?? [];
  return graphicStyle === 'pencil' ? allowed.filter((o) => !SURFACE_DATA.includes(o)) : allowed;
}
