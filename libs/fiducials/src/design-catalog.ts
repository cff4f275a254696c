import { sha256Digest } from './canonical-json';
import {
  CAPTURE_TOPOLOGIES,
  MARKERS_PER_CAPTURE,
  buildCaptureGeometry,
  type CaptureGeometry,
  type CaptureTopology,
  type MarkerPlacement,
} from './capture-geometry';
import { DESIGN_PROFILES, type DesignCode, type PageCapture, type PanelCode } from './design-layout';
import { MARKER_DICTIONARY_SIZE, MARKER_FAMILY } from './marker-dictionary';

export const DESIGN_CATALOG_REVISION = 'scorecard-design-catalog@3';
export const PRODUCTION_ROLLOUT = 'scorecard-production-rollout-phase-9u@1';
export const FIDUCIAL_FAMILY = `${MARKER_FAMILY}@1`;

const PRODUCTION_DESIGNS: ReadonlySet<DesignCode> = new Set(['M9H1', 'M9H10GG', 'M9H1GG', 'M18F', 'M18B']);

export interface CaptureDefinition extends CaptureGeometry {
  /** `M9H1/front-nine-page` for the single page, `M9H1/horizontal-spread` for a spread. */
  captureId: string;
  designCode: DesignCode;
  definitionHash: string;
}

export interface DesignDefinition {
  designCode: DesignCode;
  /** The printed S chunk, e.g. `SM9H1`. */
  designId: string;
  slug: string;
  version: number;
  panel: PanelCode;
  pageCapture: PageCapture;
  layoutRevision: string;
  fiducialFamily: string;
  holeNumbers: number[];
  captures: Record<CaptureTopology, CaptureDefinition>;
  definitionHash: string;
}

function defineCatalog(): DesignDefinition[] {
  return DESIGN_PROFILES.map((profile, designIndex) => {
    const captures = {} as Record<CaptureTopology, CaptureDefinition>;
    CAPTURE_TOPOLOGIES.forEach((topology, topologyIndex) => {
      // Every design/topology owns a disjoint block of six ids, so two different pages in one
      // photo never share a marker id and group by id alone.
      const firstId = (designIndex * CAPTURE_TOPOLOGIES.length + topologyIndex) * MARKERS_PER_CAPTURE;
      const geometry = buildCaptureGeometry(profile, topology, firstId);
      const captureId = `${profile.designCode}/${topology === 'single-page' ? profile.capture : topology}`;
      const body = { captureId, designCode: profile.designCode, ...geometry };
      captures[topology] = { ...body, definitionHash: sha256Digest(body) };
    });
    const body = {
      designCode: profile.designCode,
      designId: `S${profile.designCode}`,
      slug: `${profile.designCode.toLowerCase()}-${profile.capture}`,
      version: 1,
      panel: profile.panel,
      pageCapture: profile.capture,
      layoutRevision: `${profile.designCode}@1`,
      fiducialFamily: FIDUCIAL_FAMILY,
      holeNumbers: Array.from({ length: 9 }, (_, i) => profile.firstHole + i),
    };
    const captureHashes = Object.fromEntries(CAPTURE_TOPOLOGIES.map((t) => [t, captures[t].definitionHash]));
    return { ...body, captures, definitionHash: sha256Digest({ ...body, captureHashes }) };
  });
}

export const DESIGN_CATALOG: readonly DesignDefinition[] = defineCatalog();

/** Pins the catalog revision, the rollout and every design's definition hash. */
export const REVISION_MANIFEST_HASH = sha256Digest({
  revision: DESIGN_CATALOG_REVISION,
  rollout: PRODUCTION_ROLLOUT,
  production: [...PRODUCTION_DESIGNS].sort(),
  designs: Object.fromEntries(DESIGN_CATALOG.map((d) => [d.designId, d.definitionHash])),
});

const BY_CODE = new Map(DESIGN_CATALOG.map((d) => [d.designCode as string, d]));

export interface MarkerAssignment {
  capture: CaptureDefinition;
  placement: MarkerPlacement;
}

const BY_MARKER_ID = new Map<number, MarkerAssignment>();
for (const design of DESIGN_CATALOG) {
  for (const topology of CAPTURE_TOPOLOGIES) {
    const capture = design.captures[topology];
    for (const placement of capture.markers) {
      if (placement.id >= MARKER_DICTIONARY_SIZE || BY_MARKER_ID.has(placement.id)) {
        throw new Error(`marker id ${placement.id} allocated twice or outside the dictionary`);
      }
      BY_MARKER_ID.set(placement.id, { capture, placement });
    }
  }
}

/** Accepts `M9H1` or the printed `SM9H1`. */
export function findDesign(designCode: string): DesignDefinition | undefined {
  return BY_CODE.get(designCode) ?? (designCode.startsWith('S') ? BY_CODE.get(designCode.slice(1)) : undefined);
}

export function findCapture(captureId: string): CaptureDefinition | undefined {
  const [code] = captureId.split('/');
  const design = BY_CODE.get(code);
  return design && CAPTURE_TOPOLOGIES.map((t) => design.captures[t]).find((c) => c.captureId === captureId);
}

/** Which capture and role a decoded marker id belongs to; undefined for ids no design prints. */
export function assignMarker(markerId: number): MarkerAssignment | undefined {
  return BY_MARKER_ID.get(markerId);
}

export function isProductionRoutable(designCode: string): boolean {
  const design = findDesign(designCode);
  return design !== undefined && PRODUCTION_DESIGNS.has(design.designCode);
}

/** Production processor key (`M9H1/front-nine-page`), or undefined when the design has none. */
export function processorFor(designCode: string): string | undefined {
  const design = findDesign(designCode);
  return design && PRODUCTION_DESIGNS.has(design.designCode) ? `${design.designCode}/${design.pageCapture}` : undefined;
}
