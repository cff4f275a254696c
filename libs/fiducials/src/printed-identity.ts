import { findDesign, isProductionRoutable, type DesignDefinition } from './design-catalog';
import { DesignDisabledError, DesignUnknownError, DesignUnreadableError } from './fiducial-errors';
import { computeCheck, IDENTITY_ALPHABET, MAX_CORRECTIONS, verifyCheck } from './identity-checksum';

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
  const design = findDesign(designCode);
  if (!design) throw new DesignUnknownError(`design ${designCode} is not in the catalog`, { designCode });
  if (!options.allowNonProduction && !isProductionRoutable(designCode)) {
    throw new DesignDisabledError(`design ${designCode} is not in the production rollout`, { designCode });
  }
  const designChunk = `S${designCode}`;
  const checksum = `E${verified.check}`;
  return {
    text: [designChunk, ...(courseToken ? [`C${courseToken}`] : []), checksum].join('-'),
    designCode,
    designChunk,
    courseToken,
    checksum,
    correctionCount: corrections,
    design,
  };
}
