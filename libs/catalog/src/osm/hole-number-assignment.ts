/**
 * Gives every hole line of one course a number: `ref`, else the name, else — for exactly one
 * unnumbered hole and exactly one gap in 1..N (N a 9-hole multiple) — the gap. Duplicates keep
 * the best-sourced, oldest (lowest id) line; the others are reported, never merged.
 */
import type { Inference } from '../model';
import { parseHoleName, parseHoleRef } from './hole-numbering';
import type { TaggedFeature } from './tagged-feature';

export type HoleNumberSource = 'ref' | 'name' | 'gap';

export interface NumberedHoleLine {
  feature: TaggedFeature;
  number: number;
  source: HoleNumberSource;
  /** descriptive name: the `name` tag, or the part of it beside the number */
  title: string | null;
  /** other lines that carried the same number */
  duplicates: TaggedFeature[];
}

export interface HoleNumbering {
  holes: NumberedHoleLine[];
  unnumbered: TaggedFeature[];
  inferences: Inference[];
}

const SOURCE_RANK: Record<HoleNumberSource, number> = { ref: 0, name: 1, gap: 2 };

export function osmIdOrder(a: string, b: string): number {
  const [ta, na] = a.split('/');
  const [tb, nb] = b.split('/');
  if (ta !== tb) return ta < tb ? -1 : 1;
  const ia = Number(na);
  const ib = Number(nb);
  if (Number.isFinite(ia) && Number.isFinite(ib) && ia !== ib) return ia - ib;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** `isCoursePrefix` tells a course name ("L'Anglais") from a hole title ("Alfaraleid"). */
export function assignHoleNumbers(lines: TaggedFeature[], isCoursePrefix: (title: string) => boolean): HoleNumbering {
  const candidates: NumberedHoleLine[] = [];
  const unnumbered: TaggedFeature[] = [];
  const inferences: Inference[] = [];
  const nameTitle = (line: TaggedFeature): { number: number | null; title: string | null; form: string | null } => {
    const name = line.tags['name']?.trim() || null;
    const parsed = parseHoleName(name);
    if (!parsed) return { number: null, title: null, form: null };
    const title = parsed.title && !isCoursePrefix(parsed.title) ? parsed.title : null;
    return { number: parsed.number, title, form: parsed.form };
  };

  for (const line of [...lines].sort((a, b) => osmIdOrder(a.id, b.id))) {
    const ref = parseHoleRef(line.tags['ref']);
    const fromName = nameTitle(line);
    if (ref !== null) {
      // with a ref, a name without the same number is the hole's title ("Tea Olive")
      const title = fromName.number === ref ? fromName.title : line.tags['name']?.trim() || null;
      candidates.push({ feature: line, number: ref, source: 'ref', title, duplicates: [] });
    } else if (fromName.number !== null) {
      candidates.push({ feature: line, number: fromName.number, source: 'name', title: fromName.title, duplicates: [] });
      inferences.push({
        subject: `hole ${fromName.number}`,
        what: `hole number ${fromName.number} from name "${line.tags['name']}" of ${line.id}`,
        how: `no ref tag; number read from the name (${fromName.form} form)`,
      });
    } else unnumbered.push(line);
  }

  const numbers = new Set(candidates.map((c) => c.number));
  const highest = Math.max(0, ...numbers);
  const layoutSize = Math.ceil(highest / 9) * 9;
  const gaps = Array.from({ length: layoutSize }, (_, i) => i + 1).filter((n) => !numbers.has(n));
  if (unnumbered.length === 1 && gaps.length === 1 && layoutSize > 0) {
    const line = unnumbered.pop() as TaggedFeature;
    candidates.push({ feature: line, number: gaps[0], source: 'gap', title: nameTitle(line).title, duplicates: [] });
    inferences.push({
      subject: `hole ${gaps[0]}`,
      what: `hole number ${gaps[0]} for ${line.id} named "${line.tags['name'] ?? ''}"`,
      how: `the only unnumbered hole line of the course, and ${gaps[0]} the only number missing from 1..${layoutSize}`,
    });
  }

  const byNumber = new Map<number, NumberedHoleLine[]>();
  for (const c of candidates) byNumber.set(c.number, [...(byNumber.get(c.number) ?? []), c]);
  const holes: NumberedHoleLine[] = [];
  for (const [number, list] of [...byNumber].sort((a, b) => a[0] - b[0])) {
    list.sort((a, b) => SOURCE_RANK[a.source] - SOURCE_RANK[b.source] || osmIdOrder(a.feature.id, b.feature.id));
    const [kept, ...rest] = list;
    kept.duplicates = rest.map((r) => r.feature);
    if (rest.length > 0) {
      inferences.push({
        subject: `hole ${number}`,
        what: `kept ${kept.feature.id}; ${rest.map((r) => r.feature.id).join(', ')} also numbered ${number} and left out of the hole`,
        how: 'duplicate hole numbers: ref before name, then the lowest OSM id',
      });
    }
    holes.push(kept);
  }
  return { holes, unnumbered, inferences };
}
