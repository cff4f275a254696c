/**
 * The published printable templates. A template is immutable once published: changing what it
 * draws or which options it takes means a new version (`yardage-book@2`) next to the old one, so a
 * printable always re-renders as it was ordered.
 */
import { optionsSchema, type TemplateOption } from './template-option';
import { PAGE_SIZES, type PageSizeName } from './page-sizes';

export type TemplateRef = `${string}@${number}`;
export type TemplatePurpose = 'play' | 'display' | 'scorecard';

export interface TemplateDescription {
  id: TemplateRef;
  name: string;
  family: string;
  version: number;
  description: string;
  purpose: TemplatePurpose;
  pageSizes: string[];
  defaultPageSize: string;
  /** JSON Schema (object) of the options, generated from the template's option rows */
  options: Record<string, unknown>;
  publishedAt: string;
}

export interface TemplateDefinition {
  id: TemplateRef;
  family: string;
  version: number;
  name: string;
  description: string;
  purpose: TemplatePurpose;
  pageSizes: readonly PageSizeName[];
  options: readonly TemplateOption[];
  publishedAt: string;
  /** books may be imposed for saddle stitching */
  book: boolean;
}

const PUBLISHED_2026_11 = '2026-11-24T00:00:00Z';

const rulesOption = (purpose: TemplatePurpose): TemplateOption => ({
  name: 'rules',
  type: { kind: 'enum', values: ['rule-4.3', 'none'] },
  default: purpose === 'play' ? 'rule-4.3' : 'none',
  description:
    'rule-4.3: every green is drawn at 1:480 (3/8 in to 5 yd) or smaller and the page is at most 4 1/4 x 7 in (a hole-location sheet of 9 or more holes is exempt from the size limit); a request that breaks it is refused. none: no limits, and pages that would not conform say on the page that they are not for use during a round.',
});

const pageSizeOption = (sizes: readonly PageSizeName[], fallback: PageSizeName): TemplateOption => ({
  name: 'pageSize',
  type: { kind: 'enum', values: sizes },
  default: fallback,
  description: `Trim size: ${sizes.map((s) => `${s} = ${PAGE_SIZES[s].label}`).join('; ')}.`,
});

const dpiOption = (fallback: number): TemplateOption => ({
  name: 'dpi',
  type: { kind: 'integer', min: 72, max: 600 },
  default: fallback,
  description: 'Resolution of the raster artwork placed in the PDF and of the page PNGs.',
});

const PRINT_OPTIONS: TemplateOption[] = [
  {
    name: 'bleed',
    type: { kind: 'boolean' },
    default: true,
    description: 'Extend artwork 1/8 in past the trim on every side (BleedBox), TrimBox at the exact page size.',
  },
  {
    name: 'cropMarks',
    type: { kind: 'boolean' },
    default: false,
    description: 'Print crop marks in a 1/4 in slug outside the bleed (the MediaBox grows; the TrimBox stays the page size).',
  },
];

const STYLE_OPTION: TemplateOption = {
  name: 'style',
  type: { kind: 'enum', values: ['traditional', 'pencil', 'colored-pencil'] },
  default: 'traditional',
  description: 'Graphic style of the hole and green artwork (the styles of the graphics service).',
};

const UNITS_OPTION: TemplateOption = {
  name: 'units',
  type: { kind: 'enum', values: ['yards', 'meters'] },
  default: 'yards',
  description: 'Unit of every printed distance.',
};

const greenScaleOption = (fallback: number): TemplateOption => ({
  name: 'greenScale',
  type: { kind: 'integer', min: 120, max: 2400 },
  default: fallback,
  description:
    'Largest scale of green drawings as the denominator N of 1:N (480 = 3/8 in to 5 yd). A green that does not fit its frame at 1:N is drawn at the next smaller standard scale; the printed scale bar states the scale used. Under rule-4.3 N must be 480 or more.',
});

const IMPOSITION_OPTION: TemplateOption = {
  name: 'imposition',
  type: { kind: 'enum', values: ['none', 'saddle-stitch'] },
  default: 'none',
  description: 'saddle-stitch: the PDF holds printer spreads, two pages per side of a sheet in folding order, blank pages added to a multiple of 4.',
};

const PUBLISHED_2026_12 = '2026-12-07T00:00:00Z';
const PUBLISHED_2026_12_08 = '2026-12-08T00:00:00Z';

/** Book greens default to 1:500: a margin over the Rule 4.3 limit that printer growth or "fit to page" cannot eat. */
export const BOOK_GREEN_SCALE = 500;

const MAPPED_PIN_OPTION: TemplateOption = {
  name: 'mappedPin',
  type: { kind: 'boolean' },
  default: false,
  description: "Mark the pin position mapped in the course data. Off by default: a mapped pin is where someone once saw the flag, not today's hole location.",
};

const PLAY_FURNITURE_OPTION: TemplateOption = {
  name: 'playFurniture',
  type: { kind: 'boolean' },
  default: false,
  description:
    'Print the furniture of pages meant for play: the page number and, where the page breaks Rule 4.3, the line "not for use during a round". Off by default: a wall print or pro-shop sheet needs neither.',
};

const PUBLISHED_V1: readonly TemplateDefinition[] = [
  {
    id: 'yardage-book@1',
    family: 'yardage-book',
    version: 1,
    name: 'Yardage book',
    description:
      'A pocket yardage book: cover, course overview, then per hole a hole page (par, handicap, tee-set lengths, carries to and over hazards, distances from lay-up points and landmarks to the front, centre and back of the green) and a green page at a stated scale (depth, width; slopes only where measured elevation exists), then notes pages.',
    purpose: 'play',
    pageSizes: ['pocket', 'a6'],
    options: [
      pageSizeOption(['pocket', 'a6'], 'pocket'),
      rulesOption('play'),
      greenScaleOption(480),
      { name: 'notesPages', type: { kind: 'integer', min: 0, max: 8 }, default: 2, description: 'Ruled notes pages at the end of the book.' },
      STYLE_OPTION,
      UNITS_OPTION,
      dpiOption(300),
      ...PRINT_OPTIONS,
      IMPOSITION_OPTION,
    ],
    publishedAt: PUBLISHED_2026_11,
    book: true,
  },
  {
    id: 'green-book@1',
    family: 'green-book',
    version: 1,
    name: 'Green book',
    description: 'Green pages only: every green at a stated scale with its depth, width and front/centre/back; slopes only where measured elevation exists.',
    purpose: 'play',
    pageSizes: ['pocket', 'a6'],
    options: [
      pageSizeOption(['pocket', 'a6'], 'pocket'),
      rulesOption('play'),
      greenScaleOption(480),
      STYLE_OPTION,
      UNITS_OPTION,
      dpiOption(300),
      ...PRINT_OPTIONS,
      IMPOSITION_OPTION,
    ],
    publishedAt: PUBLISHED_2026_11,
    book: true,
  },
  {
    id: 'hole-sheet@1',
    family: 'hole-sheet',
    version: 1,
    name: 'Hole sheet',
    description:
      'One hole on Letter or A4 for wall prints and pro shops: the hole artwork, par, handicap, tee-set lengths, carries and distances to the green.',
    purpose: 'display',
    pageSizes: ['letter', 'a4'],
    options: [
      { name: 'hole', type: { kind: 'integer', min: 1, max: 36 }, default: 1, description: 'Hole number.' },
      pageSizeOption(['letter', 'a4'], 'letter'),
      rulesOption('display'),
      STYLE_OPTION,
      UNITS_OPTION,
      dpiOption(300),
      ...PRINT_OPTIONS,
    ],
    publishedAt: PUBLISHED_2026_11,
    book: false,
  },
  {
    id: 'pin-sheet@1',
    family: 'pin-sheet',
    version: 1,
    name: 'Pin sheet',
    description:
      "A hole-location sheet: every green of the course with a pace grid from the front and from the centre line, the mapped pin marked where the course has one, and fields to write the day's positions.",
    purpose: 'play',
    pageSizes: ['letter', 'a4', 'pocket', 'a6'],
    options: [
      pageSizeOption(['letter', 'a4', 'pocket', 'a6'], 'letter'),
      rulesOption('play'),
      greenScaleOption(480),
      UNITS_OPTION,
      dpiOption(300),
      ...PRINT_OPTIONS,
    ],
    publishedAt: PUBLISHED_2026_11,
    book: false,
  },
  {
    id: 'scorecard@1',
    family: 'scorecard',
    version: 1,
    name: 'Scorecard',
    description:
      "The printable scorecards of every production card design (markers and printed identity that /v1/scorecards/process reads) with the course's pars, tee-set yardages and handicaps; each page at its card's physical size, PDF and PNG.",
    purpose: 'scorecard',
    pageSizes: ['card'],
    options: [
      {
        name: 'design',
        type: { kind: 'enum', values: ['all', 'M18F', 'M18B', 'M9H1'] },
        default: 'all',
        description: 'One production card design, or all of them.',
      },
      rulesOption('scorecard'),
      dpiOption(300),
      ...PRINT_OPTIONS,
    ],
    publishedAt: PUBLISHED_2026_11,
    book: false,
  },
  {
    id: 'course-poster@1',
    family: 'course-poster',
    version: 1,
    name: 'Course poster',
    description: 'The course overview in large format (up to 24 x 36 in or A1) as a vector PDF: every hole with its number, par and length.',
    purpose: 'display',
    pageSizes: ['poster-18x24', 'poster-24x36', 'a2', 'a1'],
    options: [
      pageSizeOption(['poster-18x24', 'poster-24x36', 'a2', 'a1'], 'poster-24x36'),
      rulesOption('display'),
      UNITS_OPTION,
      dpiOption(100),
      ...PRINT_OPTIONS,
    ],
    publishedAt: PUBLISHED_2026_11,
    book: false,
  },
];

/** A later version of a published template: its declaration with the options changed. */
function nextVersion(id: TemplateRef, change: { description?: string; options: (options: readonly TemplateOption[]) => TemplateOption[] }): TemplateDefinition {
  const base = PUBLISHED_V1.find((t) => t.id === id)!;
  return {
    ...base,
    id: `${base.family}@${base.version + 1}`,
    version: base.version + 1,
    description: change.description ?? base.description,
    options: change.options(base.options),
    publishedAt: PUBLISHED_2026_12,
  };
}

const withGreenScale = (options: readonly TemplateOption[]) => options.map((o) => (o.name === 'greenScale' ? greenScaleOption(BOOK_GREEN_SCALE) : o));

/** Display templates for the wall: the Rule 4.3 line only with the play furniture. */
const withoutPlayFurniture = (options: readonly TemplateOption[]): TemplateOption[] => [
  ...options.map((o) =>
    o.name === 'rules'
      ? {
          ...o,
          description:
            'rule-4.3: every green is drawn at 1:480 (3/8 in to 5 yd) or smaller and the page is at most 4 1/4 x 7 in; a request that breaks it is refused. none: no limits; with playFurniture, a page that would not conform says it is not for use during a round.',
        }
      : o,
  ),
  PLAY_FURNITURE_OPTION,
];

const VERSION_2: readonly TemplateDefinition[] = [
  ...PUBLISHED_V1,
  nextVersion('yardage-book@1', {
    description:
      'A pocket yardage book: cover, course overview, then per hole a hole page (par, handicap, tee-set lengths, for every hazard in play the distance to reach and to carry it from each tee set, greenside hazards placed from the green, distances from lay-up points to the front, centre and back of the green) and a green page at a stated scale, 1:500 unless asked otherwise (depth, width; slopes only where measured elevation exists), then notes pages.',
    options: withGreenScale,
  }),
  nextVersion('green-book@1', {
    description:
      'Green pages only: every green at a stated scale, 1:500 unless asked otherwise, with its depth, width and front/centre/back; slopes only where measured elevation exists.',
    options: withGreenScale,
  }),
  nextVersion('pin-sheet@1', {
    description:
      "A hole-location sheet: every green of the course with a pace grid from the front edge along the approach (as the yardage book measures depth) and across from the side edges, and fields to write the day's positions; the mapped pin only when asked for. Pocket and A6 sheets hold one green per page at the largest scale Rule 4.3 allows.",
    options: (options) => [...options, MAPPED_PIN_OPTION],
  }),
  nextVersion('hole-sheet@1', { options: withoutPlayFurniture }),
  nextVersion('course-poster@1', { options: withoutPlayFurniture }),
];

/**
 * Version 3: hole pages drawn tee to green at the frame's height with the numbers on the drawing; books get a back cover;
 * green pages get slope-coloured vector arrows, grid numbers and a haloed centre mark; a green book gets a cover, a key and a notes page.
 */
function thirdVersion(id: TemplateRef, description?: string): TemplateDefinition {
  const base = VERSION_2.find((t) => t.id === id)!;
  return { ...base, id: `${base.family}@3`, version: 3, description: description ?? base.description, publishedAt: PUBLISHED_2026_12_08 };
}

const TEMPLATES: readonly TemplateDefinition[] = [
  ...VERSION_2,
  thirdVersion(
    'yardage-book@2',
    'A pocket yardage book: cover, course overview, then per hole a hole page (the hole drawn tee to green at the height of the page; par, handicap, tee-set lengths; on the drawing, beside each hazard in play, the distance to reach and to carry it from each tee set, greenside hazards placed from the green, arcs at 100/150/200/250 to the green centre with its front and back; a notes area) and a green page at a stated scale, 1:500 unless asked otherwise (depth, width; slopes only where measured elevation exists), then notes pages and a back cover (legend, course facts, attribution, imprint).',
  ),
  thirdVersion(
    'green-book@2',
    "A green book: a cover, a key page (the marks, grid numbers, slope arrows' length and colour against % slope), then every green at a stated scale, 1:500 unless asked otherwise, with its depth, width and front/centre/back, slope arrows coloured by % slope (in the traditional and colored-pencil styles, only where measured elevation exists), grid lines numbered from the centre, then a notes page.",
  ),
  thirdVersion('hole-sheet@2'),
];

/** Display templates from version 2 on print no play furniture (page number, Rule 4.3 line) unless asked. */
export function printsPlayFurniture(templateId: string, options: Record<string, unknown>): boolean {
  const template = BY_ID.get(templateId);
  if (!template || template.purpose !== 'display' || template.version < 2) return true;
  return options.playFurniture === true;
}

const BY_ID = new Map<string, TemplateDefinition>(TEMPLATES.map((t) => [t.id, t]));

export function findTemplate(templateId: string): TemplateDefinition | undefined {
  return BY_ID.get(templateId);
}

export function templateDefinitions(): readonly TemplateDefinition[] {
  return TEMPLATES;
}

function describe(template: TemplateDefinition): TemplateDescription {
  const pageSize = template.options.find((o) => o.name === 'pageSize');
  return {
    id: template.id,
    name: template.name,
    family: template.family,
    version: template.version,
    description: template.description,
    purpose: template.purpose,
    pageSizes: [...template.pageSizes],
    defaultPageSize: String(pageSize?.default ?? template.pageSizes[0]),
    options: optionsSchema(template.options),
    publishedAt: template.publishedAt,
  };
}

export function listTemplates(): TemplateDescription[] {
  return TEMPLATES.map(describe);
}

/** Unknown family or version: undefined. */
export function describeTemplate(templateId: string): TemplateDescription | undefined {
  const template = BY_ID.get(templateId);
  return template && describe(template);
}
