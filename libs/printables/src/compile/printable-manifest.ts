/** The manifest: what a printable holds, page by page. Also `manifest.json` in the package. */
import type { TemplateRef } from '../templates/template-catalog';

export const PRINTABLE_MANIFEST_SCHEMA = 'caddie-printable-manifest@1';

export type PageKind = 'cover' | 'legend' | 'course-overview' | 'hole' | 'green' | 'notes' | 'back-cover' | 'hole-sheet' | 'pin-sheet' | 'scorecard' | 'poster';

export interface Rule43PageReport {
  /** the largest scale of any green drawn on the page, '1:480'; absent when it shows no green */
  greenScale?: string;
  compliant: boolean;
  reasons: string[];
}

export interface ManifestPage {
  index: number;
  kind: PageKind;
  title: string;
  holeNumber?: number;
  /** greens of a pin sheet page */
  holeNumbers?: number[];
  /** scorecard design of a card page */
  design?: string;
  /** trim size when the page differs from `page` (scorecards print at each card's size) */
  trimIn?: { width: number; height: number };
  /** denominator N of the 1:N scale the page's green drawings use */
  greenScaleDenominator?: number;
  /** what the page shows, e.g. 'par', 'tee-lengths', 'carries', 'green-depth-width', 'slopes' */
  holds: string[];
  /** data the page would show but the course lacks, e.g. 'hole-7.par'; the page says so plainly */
  missing: string[];
  rule43?: Rule43PageReport;
}

export interface PrintableManifest {
  schema: typeof PRINTABLE_MANIFEST_SCHEMA;
  template: TemplateRef;
  options: Record<string, unknown>;
  courseId: string;
  courseRevision: string;
  courseName: string;
  page: { size: string; widthIn: number; heightIn: number; bleedIn: number; dpi: number };
  pages: ManifestPage[];
  rules: 'rule-4.3' | 'none';
  compliance: { compliant: boolean; pages: ({ index: number; pageSize: string } & Rule43PageReport)[] };
  missingData: string[];
  warnings: string[];
  attribution: string[];
}
