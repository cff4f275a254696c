import type { ComponentChildren } from 'preact';
import { holeFlagInWords } from '../../../libs/catalog/src/browser';

interface TeeSet {
  id: string;
  name: string;
  color: string;
}
interface ScorecardHole {
  number: number;
  par: number | null;
  handicap: number | null;
  yardsByTeeSet: Record<string, number | null>;
}
export interface HoleSummary {
  number: number;
  name?: string | null;
  par?: number | null;
  handicap?: number | null;
  yardsByTeeSet?: Record<string, number | null>;
  flags: string[];
}
export interface Scorecard {
  teeSets: TeeSet[];
  yardage: { unit: string; basis: string };
  totalsByTeeSet: Record<string, { yards: number }>;
  holes: ScorecardHole[];
}
/** A dataset the bundle could not give: not available for the course (todo) or not granted (denied). */
export interface DatasetStatus {
  status: 'todo' | 'denied';
  detail?: string;
}

const statusOf = (value: unknown): DatasetStatus | null =>
  value && typeof value === 'object' && !Array.isArray(value) && typeof (value as DatasetStatus).status === 'string' ? (value as DatasetStatus) : null;

/** Why a dataset is missing, as the truth: the course lacks it, or the organization is not licensed for it. */
export function missingReason(name: string, value: unknown): string | null {
  const status = statusOf(value);
  if (!status) return null;
  if (status.status === 'todo') return `No ${name} for this course: ${status.detail ?? 'the source does not have it'}`;
  return `The ${name} dataset is not granted to this organization; the operator can grant it.`;
}

/**
 * The holes of a course from what the course page already holds: the scorecard (pars, stroke
 * indexes, yardages per tee set) where the course has one, else the hole summary (every mapped
 * hole, lengths measured along its line), with each hole's flags in words.
 */
export function CourseHoles({ scorecard, summary, picture }: { scorecard: unknown; summary: unknown; picture?: (hole: number) => ComponentChildren }) {
  const card = scorecard && typeof scorecard === 'object' && 'holes' in scorecard ? (scorecard as Scorecard) : null;
  const mapped = Array.isArray(summary) ? (summary as HoleSummary[]) : [];
  const byNumber = new Map(mapped.map((h) => [h.number, h]));
  const numbers = [...new Set([...(card?.holes ?? []).map((h) => h.number), ...mapped.map((h) => h.number)])].sort((a, b) => a - b);
  const cardHole = new Map((card?.holes ?? []).map((h) => [h.number, h]));
  const teeSets = card?.teeSets ?? [...new Set(mapped.flatMap((h) => Object.keys(h.yardsByTeeSet ?? {})))].map((id) => ({ id, name: id, color: '' }));
  const reasons = [missingReason('scorecard', scorecard), missingReason('hole summary', summary)].filter((r): r is string => r !== null);
  // a scorecard of measured yardages only (the source has no pars): said, so a dash is not read as a gap in the data
  if (card && card.holes.length > 0 && card.holes.every((h) => h.par === null)) {
    reasons.push('The source has no par for any hole; the yardages are measured from the mapped tees along each hole line.');
  }
  if (numbers.length === 0) return <p data-testid="holes-reason">{reasons.join(' ') || 'No hole of this course is mapped.'}</p>;
  const unit = card?.yardage.unit ?? 'yards';
  return (
    <>
      {reasons.map((r) => (
        <p key={r} data-testid="holes-reason">
          {r} {card ? '' : 'The holes below come from the mapped hole lines; lengths are measured along each line.'}
        </p>
      ))}
      <p class="scroll-cue">The table scrolls sideways.</p>
      <div class="table-wrap" tabIndex={0} role="region" aria-label="Holes table (scrolls sideways)">
        <table data-testid="holes">
          <caption class="sr">
            {picture ? 'A picture of each hole from the course map, its p' : 'P'}ar, handicap and length in {unit} per tee set, and what to know about each hole
          </caption>
          <thead>
            <tr>
              <th scope="col">Hole</th>
              {picture && <th scope="col">Picture</th>}
              <th scope="col">Name</th>
              <th scope="col">Par</th>
              <th scope="col">Handicap</th>
              {teeSets.map((t) => (
                <th scope="col" key={t.id}>
                  {t.name} ({unit})
                </th>
              ))}
              <th scope="col">What to know</th>
            </tr>
          </thead>
          <tbody>
            {numbers.map((n) => {
              const hole = cardHole.get(n);
              const mappedHole = byNumber.get(n);
              const par = hole?.par ?? mappedHole?.par ?? null;
              const handicap = hole?.handicap ?? mappedHole?.handicap ?? null;
              const flags = mappedHole?.flags ?? [];
              return (
                <tr key={n}>
                  <th scope="row">{n}</th>
                  {picture && <td data-testid={`hole-${n}-picture`}>{picture(n)}</td>}
                  <td>{mappedHole?.name ?? ''}</td>
                  <td>{par ?? '—'}</td>
                  <td>{handicap ?? '—'}</td>
                  {teeSets.map((t) => (
                    <td key={t.id}>{(hole ?? mappedHole)?.yardsByTeeSet?.[t.id] ?? '—'}</td>
                  ))}
                  <td data-testid={`hole-${n}-flags`}>
                    {flags.length === 0 ? (
                      '—'
                    ) : (
                      <ul class="flags">
                        {flags.map((f) => (
                          <li key={f} title={f}>
                            {holeFlagInWords(f)}
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
          {card && (
            <tfoot>
              <tr>
                <th scope="row">Total</th>
                {picture && <td />}
                <td />
                <td>{card.holes.reduce((s, h) => s + (h.par ?? 0), 0)}</td>
                <td />
                {card.teeSets.map((t) => (
                  <td key={t.id}>{card.totalsByTeeSet[t.id]?.yards ?? '—'}</td>
                ))}
                <td />
              </tr>
            </tfoot>
          )}
        </table>
      </div>
    </>
  );
}
