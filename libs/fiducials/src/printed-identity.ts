import { findDesign, isProductionRoutable, type DesignDefinition } from './design-catalog';
import { DesignDisabledError, DesignUnknownError, DesignUnreadableError } from './fiducial-errors';
import { CHECK_SYMBOLS, computeCheck, IDENTITY_ALPHABET, MAX_CORRECTIONS, verifyCheck } from './identity-checksum';

export const COURSE_CODE_LENGTH = 5;

export interface PrintedIdentityInput {
  designCode: string;
  /** Five-character course-layout code; returned but never applied to course data. */
  courseCode?: string;
}

export interface PrintedIdentity {
  /** Chunks joined by hyphens in canonical order, after correction: `SM9H1-CK7M2Q-E4TXA`. */
  text: string;
  designCode: string;
  designChunk: string;
  courseToken: string | null;
  checksum: string;
  correctionCount: number;
  design: DesignDefinition;
}

export interface DecodeOptions {
  /** Accept catalog designs outside the production rollout (preview tooling); default false. */
  allowNonProduction?: boolean;
}

function checkIdentityChars(value: string, what: string): void {
  for (const ch of value) {
    if (!IDENTITY_ALPHABET.includes(ch)) throw new DesignUnreadableError(`${what} contains '${ch}', outside the identity alphabet`);
  }
}

/** The label text to print: design chunk, optional course chunk, checksum chunk. */
export function formatIdentityLabel(input: PrintedIdentityInput): string {
  const design = findDesign(input.designCode);
  if (!design) throw new DesignUnknownError(`design ${input.designCode} is not in the catalog`);
  const course = input.courseCode ?? '';
  if (course && course.length !== COURSE_CODE_LENGTH) throw new DesignUnreadableError(`course code must have ${COURSE_CODE_LENGTH} characters`);
  checkIdentityChars(course, 'course code');
  const chunks = [design.designId, ...(course ? [`C${course}`] : []), `E${computeCheck(design.designCode + course)}`];
  return chunks.join('-');
}

type ChunkType = 'S' | 'C' | 'E';

/**
 * Decodes label text in any chunk order: each chunk routes itself by its type letter. One
 * damaged character (in a payload, the checksum, or a type letter recoverable by elimination)
 * is corrected and counted; anything more is unreadable rather than guessed.
 */
export function decodeIdentityLabel(text: string, options: DecodeOptions = {}): PrintedIdentity {
  const chunks = text
    .trim()
    .toUpperCase()
    .split(/[-\s]+/)
    .filter((c) => c.length > 0);
  if (chunks.length < 2 || chunks.length > 3) throw new DesignUnreadableError(`label '${text}' does not have 2 or 3 chunks`);
  const routed = new Map<ChunkType, string>();
  const unrouted: string[] = [];
  for (const chunk of chunks) {
    const type = chunk[0] as ChunkType;
    if ((type === 'S' || type === 'C' || type === 'E') && !routed.has(type)) routed.set(type, chunk.slice(1));
    else unrouted.push(chunk);
  }
  let corrections = 0;
  if (unrouted.length === 1) {
    // A misread type letter: the chunk takes the one type still missing.
    const missing = (['S', 'E', 'C'] as const).filter((t) => !routed.has(t));
    const candidate = chunks.length === 2 ? missing.filter((t) => t !== 'C') : missing;
    if (candidate.length !== 1) throw new DesignUnreadableError(`chunk '${unrouted[0]}' cannot be routed`);
    routed.set(candidate[0], unrouted[0].slice(1));
    corrections++;
  } else if (unrouted.length > 1) {
    throw new DesignUnreadableError(`chunks ${unrouted.join(', ')} cannot be routed`);
  }
  const designPayload = routed.get('S');
  const checkPayload = routed.get('E');
  const coursePayload = routed.get('C') ?? '';
  if (!designPayload || !checkPayload) throw new DesignUnreadableError('label lacks its S or E chunk');
  if (routed.has('C') && coursePayload.length !== COURSE_CODE_LENGTH) {
    throw new DesignUnreadableError(`course chunk must carry ${COURSE_CODE_LENGTH} characters`);
  }
  const verified = verifyCheck(designPayload + coursePayload, checkPayload);
  if (!verified || corrections + verified.correctionCount > MAX_CORRECTIONS) {
    throw new DesignUnreadableError(`label '${text}' fails its checksum`, { text });
  }
  corrections += verified.correctionCount;
  const designCode = verified.message.slice(0, designPayload.length);
  const courseToken = coursePayload ? verified.message.slice(designPayload.length) : null;
  return identityOf(designCode, courseToken, verified.check, corrections, options);
}

function identityOf(designCode: string, courseToken: string | null, check: string, correctionCount: number, options: DecodeOptions): PrintedIdentity {
  const design = findDesign(designCode);
  if (!design) throw new DesignUnknownError(`design ${designCode} is not in the catalog`, { designCode });
  if (!options.allowNonProduction && !isProductionRoutable(designCode)) {
    throw new DesignDisabledError(`design ${designCode} is not in the production rollout`, { designCode });
  }
  const designChunk = `S${designCode}`;
  const checksum = `E${check}`;
  return {
    text: [designChunk, ...(courseToken ? [`C${courseToken}`] : []), checksum].join('-'),
    designCode,
    designChunk,
    courseToken,
    checksum,
    correctionCount,
    design,
  };
}

/**
 * Code characters (course and checksum) a label read against its expected layout may differ in
 * from the best glyph of each cell. Two is the most the checksum's distance (5) corrects
 * unambiguously; the free decoder corrects one so that it can still detect three, but here the
 * markers already name the design and every changed character must be one the reader ranked.
 */
export const MAX_EXPECTED_LAYOUT_CORRECTIONS = 2;

/** One character cell as the label reader scored it: its glyphs, best first. */
export interface ScoredLabelCell {
  candidates: readonly { char: string; confidence: number }[];
}

/** The label texts a design prints, as character counts: with a course chunk and without. */
export function expectedLabelLengths(designCode: string): number[] {
  const design = `S${designCode}`;
  return [design.length + 2 + COURSE_CODE_LENGTH + 2 + CHECK_SYMBOLS, design.length + 2 + CHECK_SYMBOLS];
}

/**
 * Decodes label cells read against the layout the design prints (`S<design>-C<course>-E<check>`
 * or `S<design>-E<check>`, chunks in printed order), for when the free reading could not be
 * decoded. The design is the markers'; the label must confirm it: every character of the
 * design chunk, hyphens and type letters among its cell's candidates. Of the courses the
 * cells' candidates spell, the one whose codeword needs the fewest code corrections (at most
 * MAX_EXPECTED_LAYOUT_CORRECTIONS, each to a ranked glyph) wins; within that distance the
 * codeword is unique. `correctionCount` counts every character changed from its best glyph.
 * Undefined when no layout has this length or no codeword is that close.
 */
export function decodeExpectedLabel(cells: readonly ScoredLabelCell[], designCode: string, options: DecodeOptions = {}): PrintedIdentity | undefined {
  const [withCourse, withoutCourse] = expectedLabelLengths(designCode);
  const courseLength = cells.length === withCourse ? COURSE_CODE_LENGTH : cells.length === withoutCourse ? 0 : -1;
  if (courseLength < 0) return undefined;
  const courseStart = designCode.length + 3;
  const candidatesAt = (position: number) => cells[position].candidates.filter((c) => IDENTITY_ALPHABET.includes(c.char)).map((c) => c.char);
  const coursePositions = Array.from({ length: courseLength }, (_, k) => courseStart + k);
  const courseChoices = coursePositions.map(candidatesAt);
  if (courseChoices.some((choices) => choices.length === 0)) return undefined;
  let best: { course: string; check: string; corrections: number; changed: number; score: number } | undefined;
  const choose = (k: number, course: string) => {
    if (k < courseChoices.length) {
      for (const char of courseChoices[k]) choose(k + 1, course + char);
      return;
    }
    const check = computeCheck(designCode + course);
    const text = [`S${designCode}`, ...(courseLength ? [`C${course}`] : []), `E${check}`].join('-');
    // Code corrections are bounded; every changed character is counted for the response.
    let corrections = 0;
    let changed = 0;
    let score = 0;
    for (let i = 0; i < text.length; i++) {
      const candidates = cells[i].candidates;
      const found = candidates.find((c) => c.char === text[i]);
      if (!found) return;
      if (candidates[0].char !== text[i]) {
        changed++;
        if (i >= courseStart) corrections++;
      }
      score += found.confidence;
    }
    if (corrections > MAX_EXPECTED_LAYOUT_CORRECTIONS) return;
    if (!best || corrections < best.corrections || (corrections === best.corrections && score > best.score))
      best = { course, check, corrections, changed, score };
  };
  choose(0, '');
  if (!best) return undefined;
  const found: { course: string; check: string; changed: number } = best;
  return identityOf(designCode, courseLength ? found.course : null, found.check, found.changed, options);
}
