import type { MarkerRole } from './capture-geometry';
import { findCapture } from './design-catalog';
import { CaptureAmbiguousError, PerspectiveInvalidError, RegistrationMarkersIncompleteError } from './fiducial-errors';
import type { DetectedMarker, MarkerDetection } from './marker-detector';
import { registerCapture, type CaptureRegistration, type RegistrationFailure } from './page-registration';

export const MAX_PAGES_PER_PHOTO = 4;
/** Markers re-read with more wrong modules than this are not trusted for registration. */
export const MAX_RETAINED_BIT_ERRORS = 6;
const MAX_COMBINATIONS_PER_CAPTURE = 4096;

export type GroupingIssueCode =
  'registration-markers-incomplete' | 'scorecard-perspective-invalid' | 'unassigned-marker' | 'unreliable-marker' | 'page-limit-exceeded';

export interface GroupingIssue {
  code: GroupingIssueCode;
  message: string;
  captureId?: string;
  markerIds: number[];
}

export interface PageDiscovery {
  detectedCandidates: number;
  decodedFiducials: number;
  retainedFiducials: number;
  matchedFiducials: number;
  unmatchedFiducials: number;
}

export interface PageGrouping {
  pages: CaptureRegistration[];
  issues: GroupingIssue[];
  discovery: PageDiscovery;
}

interface Candidate {
  markers: DetectedMarker[];
  registration: CaptureRegistration;
}

/**
 * Groups decoded markers into complete capture surfaces (normalization version 4). Marker ids
 * name the design and capture, so pages of different designs separate by id; copies of one
 * design separate by geometry, since only markers of one flat page fit one homography with
 * residuals far below a marker side. Complete pages are kept even when leftover markers form
 * incomplete pages, which become issues. Never guesses: no complete page is an error.
 */
export function groupPages(detection: MarkerDetection): PageGrouping {
  const issues: GroupingIssue[] = [];
  const byCapture = new Map<string, DetectedMarker[]>();
  let retained = 0;
  for (const marker of detection.markers) {
    if (!marker.captureId || !marker.role) {
      issues.push({ code: 'unassigned-marker', message: `marker ${marker.id} is not printed by any registered design`, markerIds: [marker.id] });
      continue;
    }
    if (marker.bitErrors > MAX_RETAINED_BIT_ERRORS) {
      issues.push({
        code: 'unreliable-marker',
        message: `marker ${marker.id} re-reads with ${marker.bitErrors} wrong modules`,
        captureId: marker.captureId,
        markerIds: [marker.id],
      });
      continue;
    }
    retained++;
    byCapture.set(marker.captureId, [...(byCapture.get(marker.captureId) ?? []), marker]);
  }

  const pages: CaptureRegistration[] = [];
  const failures: { captureId: string; failure: RegistrationFailure; markerIds: number[] }[] = [];
  for (const [captureId, markers] of byCapture) {
    const capture = findCapture(captureId);
    if (!capture) continue;
    const roles = capture.markers.map((m) => m.role);
    const candidates: Candidate[] = [];
    for (const combination of combinations(roles, markers)) {
      const result = registerCapture(capture, new Map(roles.map((role, i) => [role, combination[i]])));
      if ('registration' in result) candidates.push({ markers: combination, registration: result.registration });
      else failures.push({ captureId, failure: result.failure, markerIds: combination.map((m) => m.id) });
    }
    candidates.sort((a, b) => a.registration.fitScore - b.registration.fitScore);
    const used = new Set<DetectedMarker>();
    const chosen: Candidate[] = [];
    for (const candidate of candidates) {
      if (candidate.markers.some((m) => used.has(m))) continue;
      // Another valid grouping that shares markers with this one: the markers fit more than one
      // surface and choosing would be a guess.
      const rival = candidates.find(
        (c) => c !== candidate && !chosen.includes(c) && c.markers.some((m) => candidate.markers.includes(m)) && !c.markers.some((m) => used.has(m)),
      );
      if (rival) {
        throw new CaptureAmbiguousError(`markers of ${captureId} fit more than one page surface`, {
          captureId,
          markerIds: candidate.markers.map((m) => m.id),
        });
      }
      chosen.push(candidate);
      candidate.markers.forEach((m) => used.add(m));
    }
    pages.push(...chosen.map((c) => c.registration));
    const leftovers = markers.filter((m) => !used.has(m));
    if (leftovers.length > 0) {
      const present = new Set(leftovers.map((m) => m.role));
      const missing = roles.filter((r) => !present.has(r));
      issues.push({
        code: 'registration-markers-incomplete',
        message: missing.length
          ? `${captureId}: markers ${missing.join(', ')} not found; the page is incomplete`
          : `${captureId}: markers found but they do not form one flat page`,
        captureId,
        markerIds: leftovers.map((m) => m.id),
      });
    }
  }

  // Larger pages first: when more than four are visible, the nearest (best resolved) are kept.
  pages.sort((a, b) => meanMarkerSide(b) - meanMarkerSide(a));
  for (const extra of pages.splice(MAX_PAGES_PER_PHOTO)) {
    issues.push({
      code: 'page-limit-exceeded',
      message: `more than ${MAX_PAGES_PER_PHOTO} pages in one photo`,
      captureId: extra.capture.captureId,
      markerIds: extra.matched.map((m) => m.marker.id),
    });
  }
  inReadingOrder(pages);
  const matched = pages.reduce((s, p) => s + p.matched.length, 0);
  const discovery: PageDiscovery = {
    detectedCandidates: detection.detectedCandidates,
    decodedFiducials: detection.decodedFiducials,
    retainedFiducials: retained,
    matchedFiducials: matched,
    unmatchedFiducials: retained - matched,
  };

  if (pages.length === 0) {
    const steep = failures.find((f) => f.failure.reason === 'too-steep' || f.failure.reason === 'not-convex' || f.failure.reason === 'degenerate');
    if (steep) {
      throw new PerspectiveInvalidError(`${steep.captureId}: ${steep.failure.detail}`, {
        captureId: steep.captureId,
        reason: steep.failure.reason,
        discovery,
        issues,
      });
    }
    throw new RegistrationMarkersIncompleteError('no complete page could be registered from the visible markers', { discovery, issues });
  }
  const reported = new Set<string>();
  for (const f of failures) {
    const key = `${f.captureId}:${f.markerIds.join(',')}`;
    if (reported.has(key)) continue;
    reported.add(key);
    if (f.failure.reason !== 'misfit' && f.markerIds.every((id) => !pages.some((p) => p.matched.some((m) => m.marker.id === id)))) {
      issues.push({ code: 'scorecard-perspective-invalid', message: `${f.captureId}: ${f.failure.detail}`, captureId: f.captureId, markerIds: f.markerIds });
    }
  }
  return { pages, issues, discovery };
}

/**
 * Sorts pages as a reader meets them in the photo: rows top to bottom, left to right in a row.
 * A page joins a row when its centre lies within the vertical extent of the row's first page,
 * so pages side by side at slightly different heights stay one row.
 */
export function inReadingOrder(pages: CaptureRegistration[]): CaptureRegistration[] {
  const box = (p: CaptureRegistration) => {
    const c = [p.sourceCorners.topLeft, p.sourceCorners.topRight, p.sourceCorners.bottomRight, p.sourceCorners.bottomLeft];
    const ys = c.map((q) => q.y);
    return { top: Math.min(...ys), bottom: Math.max(...ys), cx: c.reduce((s, q) => s + q.x, 0) / 4, cy: c.reduce((s, q) => s + q.y, 0) / 4 };
  };
  const byTop = pages.map((page) => ({ page, ...box(page) })).sort((a, b) => a.cy - b.cy);
  const rows: (typeof byTop)[] = [];
  for (const entry of byTop) {
    const row = rows.find((r) => entry.cy >= r[0].top && entry.cy <= r[0].bottom);
    if (row) row.push(entry);
    else rows.push([entry]);
  }
  const ordered = rows.flatMap((row) => row.sort((a, b) => a.cx - b.cx).map((e) => e.page));
  pages.splice(0, pages.length, ...ordered);
  return pages;
}

function meanMarkerSide(page: CaptureRegistration): number {
  return page.matched.reduce((s, m) => s + m.marker.pixelsPerModule, 0) / page.matched.length;
}

/** Every way to pick one detection per role; the strongest few per role when copies abound. */
function* combinations(roles: readonly MarkerRole[], markers: DetectedMarker[]): Generator<DetectedMarker[]> {
  const perRole = roles.map((role) => markers.filter((m) => m.role === role).sort((a, b) => a.bitErrors - b.bitErrors));
  if (perRole.some((list) => list.length === 0)) return;
  let limit = Math.max(...perRole.map((l) => l.length));
  while (limit > 1 && perRole.reduce((n, l) => n * Math.min(l.length, limit), 1) > MAX_COMBINATIONS_PER_CAPTURE) limit--;
  const lists = perRole.map((l) => l.slice(0, limit));
  const index = new Array<number>(lists.length).fill(0);
  while (true) {
    yield lists.map((l, i) => l[index[i]]);
    let k = lists.length - 1;
    while (k >= 0 && ++index[k] === lists[k].length) index[k--] = 0;
    if (k < 0) return;
  }
}
