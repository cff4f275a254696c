/**
 * Hole numbers from OSM tags. `ref` is authoritative; otherwise the number is read from the
 * name, whose form is not standardised ("7", "Hole 7", "Dołek nr 4 - Devil's Elbow",
 * "1. Bæjarhóll", "Alfaraleid 1.", "L'Anglais 14").
 */

export interface ParsedHoleName {
  number: number | null;
  /** descriptive part of the name, e.g. "Devil's Elbow"; for "L'Anglais 14" the course prefix "L'Anglais" */
  title: string | null;
  /** which form matched, for the inference record */
  form: 'bare-number' | 'hole-word' | 'number-first' | 'number-last' | 'title-only';
}

/** Words that mean "hole" in course-mapping languages seen in OSM. */
export const HOLE_WORDS = ['hole', 'dołek', 'dolek', 'hola', 'holu', 'trou', 'loch', 'bahn', 'buca', 'hoyo', 'jamka', 'hål', 'hul', 'buraco'];
const SEPARATOR = String.raw`\s*[-–—:,.]\s*`;
const TITLE_SEPARATOR = String.raw`(?:\s*[-–—:,.]\s*|\s+)`;
const HOLE_WORD_FORM = new RegExp(String.raw`^(?:${HOLE_WORDS.join('|')})\.?\s*(?:(?:nr|no|n°|nº|num|#)\.?\s*)?(\d{1,2})\.?(?:${TITLE_SEPARATOR}(.*))?$`, 'iu');
const BARE_FORM = /^#?(\d{1,2})\.?$/u;
const NUMBER_FIRST_FORM = new RegExp(String.raw`^(\d{1,2})(?:\.|\)|${SEPARATOR}|\s)\s*(\D.*)$`, 'u');
const NUMBER_LAST_FORM = /^(.*?\D)[\s\-–—:,#]*(\d{1,2})\.?$/u;

export function parseHoleName(raw: string | null | undefined): ParsedHoleName | null {
  const name = (raw ?? '').trim();
  if (!name) return null;
  let m = BARE_FORM.exec(name);
  if (m) return holeName(m[1], null, 'bare-number');
  m = HOLE_WORD_FORM.exec(name);
  if (m) return holeName(m[1], m[2], 'hole-word');
  m = NUMBER_FIRST_FORM.exec(name);
  if (m) return holeName(m[1], m[2], 'number-first');
  m = NUMBER_LAST_FORM.exec(name);
  if (m) return holeName(m[2], m[1], 'number-last');
  return { number: null, title: name, form: 'title-only' };
}

function holeName(digits: string, title: string | undefined | null, form: ParsedHoleName['form']): ParsedHoleName | null {
  const value = Number(digits);
  let cleanTitle = (title ?? '').replace(/^[\s\-–—:,.]+|[\s\-–—:,]+$/gu, '').trim();
  // "7. hola" is "hole 7", not a hole called "hola"
  if (HOLE_WORDS.includes(cleanTitle.toLocaleLowerCase('en'))) cleanTitle = '';
  if (value < 1 || value > 99) return { number: null, title: cleanTitle || null, form: 'title-only' };
  return { number: value, title: cleanTitle || null, form };
}

/** A `ref` like "7" gives 7; "7a", "0" or "100" give null (not a hole number we can trust). */
export function parseHoleRef(ref: string | undefined): number | null {
  if (ref === undefined) return null;
  const m = /^\s*(\d{1,2})\s*$/.exec(ref);
  if (!m) return null;
  const value = Number(m[1]);
  return value >= 1 && value <= 99 ? value : null;
}

/** Integer tag in a range (par 1..10, handicap 1..36); anything else counts as absent. */
export function parseSmallIntegerTag(value: string | undefined, min: number, max: number): number | null {
  if (value === undefined) return null;
  const m = /^\s*(\d{1,2})\s*$/.exec(value);
  if (!m) return null;
  const n = Number(m[1]);
  return n >= min && n <= max ? n : null;
}
