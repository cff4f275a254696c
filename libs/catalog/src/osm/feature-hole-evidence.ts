/**
 * What a feature's own tags say about its hole: `ref` or `golf:hole` ("14"), or a hole number
 * written in its name ("Hole 16 fairway", "Tee Box Dołek nr 1 – czerwony i niebieski",
 * "18 hole fairway near green", "L'Anglais 14"), and whether the source marks it out of play
 * ("Hole 3 unused tee", disused=yes). Position decides only where the tags are silent.
 */
import type { FeatureUsage } from '../model';
import { HOLE_WORDS, parseHoleRef } from './hole-numbering';

export interface NamedHole {
  number: number;
  /** the tag that said so: 'ref', 'golf:hole' or 'name' */
  tag: 'ref' | 'golf:hole' | 'name';
  /** sub-course the name points into ("L'Anglais"), as written; null when the name names none */
  coursePrefix: string | null;
}

const WORDS = HOLE_WORDS.join('|');
// "Hole 16 …", "Dołek nr 14 - green", "Hole No 5 - Fairway", "Tee Box Dołek 18 …"
const HOLE_WORD_THEN_NUMBER = new RegExp(String.raw`(?<!\p{L})(?:${WORDS})\.?\s*(?:(?:nr|no|n°|nº|num|#)\.?\s*)?(\d{1,2})(?!\d)`, 'iu');
// "18 hole fairway near green", "7th hole bunker"
const NUMBER_THEN_HOLE_WORD = new RegExp(String.raw`(?<!\d)(\d{1,2})(?:st|nd|rd|th|\.)?\s*(?:${WORDS})(?!\p{L})`, 'iu');
const ARTICLE = /^(?:l'|l’|le\s+|la\s+|les\s+|the\s+|el\s+|il\s+|der\s+|die\s+|das\s+)/iu;

const OUT_OF_PLAY_WORDS: Record<string, FeatureUsage> = {
  unused: 'unused',
  unusued: 'unused',
  disused: 'unused',
  abandoned: 'unused',
  closed: 'unused',
  nieużywany: 'unused',
  nieczynny: 'unused',
  temporary: 'temporary',
  temp: 'temporary',
  provisional: 'temporary',
  winter: 'temporary',
  tymczasowy: 'temporary',
};

/** "L'Anglais" and "Anglais" name the same course. */
function courseKey(text: string): string {
  return text.normalize('NFC').trim().toLocaleLowerCase('en').replace(ARTICLE, '').trim();
}

/**
 * The hole a feature names. `coursePrefixes` are the sub-course names of its boundary; a name
 * "<course> <n>" counts only for one of them (a bare "Bunker 2" names no hole).
 */
export function namedHoleOf(tags: Record<string, string>, coursePrefixes: readonly string[]): NamedHole | null {
  const ref = parseHoleRef(tags['ref']);
  if (ref !== null) return { number: ref, tag: 'ref', coursePrefix: null };
  const golfHole = parseHoleRef(tags['golf:hole']);
  if (golfHole !== null) return { number: golfHole, tag: 'golf:hole', coursePrefix: null };
  const name = tags['name']?.normalize('NFC').trim();
  if (!name) return null;
  const prefix = coursePrefixes.find((p) => {
    const key = courseKey(p);
    return key.length > 0 && courseKey(name).startsWith(key);
  });
  const m = HOLE_WORD_THEN_NUMBER.exec(name) ?? NUMBER_THEN_HOLE_WORD.exec(name);
  if (m) return { number: Number(m[1]), tag: 'name', coursePrefix: prefix ?? null };
  if (prefix) {
    const rest = courseKey(name).slice(courseKey(prefix).length);
    const n = /^\s*[-–—:,#]?\s*(\d{1,2})(?!\d)/u.exec(rest);
    if (n) return { number: Number(n[1]), tag: 'name', coursePrefix: prefix };
  }
  return null;
}

export function usageOf(tags: Record<string, string>): FeatureUsage | null {
  if (tags['disused'] === 'yes' || tags['abandoned'] === 'yes') return 'unused';
  if (tags['temporary'] === 'yes') return 'temporary';
  const words = (tags['name'] ?? '')
    .normalize('NFC')
    .toLocaleLowerCase('pl')
    .split(/[^\p{L}]+/u);
  for (const word of words) if (OUT_OF_PLAY_WORDS[word]) return OUT_OF_PLAY_WORDS[word];
  return null;
}

export function sameCourse(prefix: string, courseName: string | null): boolean {
  return courseName !== null && courseKey(prefix) === courseKey(courseName);
}
