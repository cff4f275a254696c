import { useEffect, useRef, useState } from 'preact/hooks';
import { API, asProblem, call, getJson, sendJson, type Problem } from '../api';
import { photoForUpload } from '../photo-downscale';
import { CourseSelect, Loading, mountPage, ProblemPanel } from '../shell';

interface Box {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}
interface FieldRegion {
  id: string;
  row: string;
  field: string;
  content: 'digits' | 'text';
  range?: { min: number; max: number };
  box: Box;
}
interface NormalizedPage {
  pageInstanceId: string;
  status: 'NORMALIZED' | 'REJECTED';
  template?: { captureId: string; designId: string };
  artifacts?: { normalizedImage: { url: string; width: number; height: number } };
  fieldRegions?: FieldRegion[];
  issues?: { code: string; message: string }[];
}
interface Decision {
  row: string;
  field: string;
  decision: 'ACCEPTED' | 'NEEDS_REVIEW';
  value: number | string | null;
  literal: string | null;
  bestGuess?: number | string;
  reasonCodes: string[];
}
interface ProcessedPage {
  pageInstanceId: string;
  status: string;
  design: { designId: string; panel: string };
  processing: { status: string; fields: Decision[]; summary: { totalCells: number; acceptedCells: number; reviewCells: number } };
}
interface RoundDraft {
  draftId: string;
  selectionPolicy: string;
  pageInstanceIds: string[];
  record: { holes: { holeNumber: number; score: number }[]; reviewHoleNumbers: number[] };
}
interface Processing {
  requestId: string;
  status: string;
  pages: ProcessedPage[];
  roundDrafts: RoundDraft[];
  issues: { code: string; message: string; pageInstanceId?: string }[];
}
interface Corrected {
  draft: RoundDraft;
  reviewFields: string[];
}
interface Review {
  pages: NormalizedPage[];
  processing: Processing;
}

const fieldId = (d: { row: string; field: string }) => `${d.row}.${d.field}`;

interface Design {
  designCode: string;
  captureId: string | null;
  name: string;
}

function CardDownload() {
  const [courses, setCourses] = useState<{ id: string; name: string }[] | null>(null);
  const [designs, setDesigns] = useState<Design[]>([]);
  const [fitting, setFitting] = useState<string | undefined>(undefined);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [choice, setChoice] = useState({ course: '', design: '' });
  useEffect(() => {
    getJson<{ courses: { id: string; name: string }[] }>('courses').then(
      (c) => {
        setCourses(c.courses);
        setChoice((current) => ({ ...current, course: c.courses[0]?.id ?? '' }));
      },
      (e) => setProblem(asProblem(e)),
    );
  }, []);
  // each course starts from the design made for a round of its length
  useEffect(() => {
    if (!choice.course) return;
    getJson<{ designs: Design[]; fitting?: string }>(`scorecards/designs?course=${encodeURIComponent(choice.course)}`).then(
      (d) => {
        setDesigns(d.designs);
        setFitting(d.fitting);
        setChoice((current) => ({ ...current, design: d.fitting ?? d.designs[0]?.designCode ?? '' }));
      },
      (e) => setProblem(asProblem(e)),
    );
  }, [choice.course]);
  return (
    <section class="panel" aria-labelledby="card-heading">
      <h2 id="card-heading">1. Print a card</h2>
      {problem && <ProblemPanel problem={problem} />}
      {!courses && !problem && <Loading what="courses and designs" />}
      {courses && (
        <div class="row">
          <div class="field">
            <CourseSelect id="card-course" value={choice.course} courses={courses} onChange={(course) => setChoice({ ...choice, course })} />
          </div>
          <div class="field">
            <label for="card-design">Card design</label>
            <select id="card-design" value={choice.design} onChange={(e) => setChoice({ ...choice, design: (e.target as HTMLSelectElement).value })}>
              {designs.map((d) => (
                <option key={d.designCode} value={d.designCode}>
                  {d.name}
                  {d.designCode === fitting ? ' — fits this course' : ''}
                </option>
              ))}
            </select>
          </div>
          <div class="field">
            <a
              class="button"
              data-testid="card-download"
              href={`${API}/scorecards/cards/${encodeURIComponent(choice.course)}/${encodeURIComponent(choice.design)}`}
              download
            >
              Download the printable card (PDF)
            </a>
          </div>
        </div>
      )}
    </section>
  );
}

/** The normalized page with a box over every read field: solid green accepted, dashed amber for review. */
function PageOverlay({ page, decisions }: { page: NormalizedPage; decisions: Map<string, Decision> }) {
  const image = page.artifacts!.normalizedImage;
  const accepted = [...decisions.values()].filter((d) => d.decision === 'ACCEPTED').length;
  return (
    <figure class="overlay-figure">
      <div class="overlay" data-testid="scorecard-overlay" style={{ aspectRatio: `${image.width} / ${image.height}` }}>
        <img src={image.url} alt={`Normalized ${page.template?.captureId ?? ''} page ${page.pageInstanceId}`} />
        {(page.fieldRegions ?? []).map((region) => {
          const d = decisions.get(region.id);
          if (!d) return null;
          const b = region.box;
          return (
            <span
              key={region.id}
              aria-hidden="true"
              class={`cell ${d.decision === 'ACCEPTED' ? 'accepted' : 'review'}`}
              data-field={region.id}
              data-decision={d.decision}
              title={`${region.id}: ${d.decision === 'ACCEPTED' ? `accepted ${d.value ?? 'blank'}` : `needs review (${d.reasonCodes.join(', ')})`}`}
              style={{ left: `${b.x1 * 100}%`, top: `${b.y1 * 100}%`, width: `${(b.x2 - b.x1) * 100}%`, height: `${(b.y2 - b.y1) * 100}%` }}
            />
          );
        })}
      </div>
      <figcaption>
        <span class="legend accepted" aria-hidden="true" /> accepted ({accepted}) <span class="legend review" aria-hidden="true" /> needs review (
        {decisions.size - accepted})
      </figcaption>
    </figure>
  );
}

function PageReview({ page, processed, requestId, draft }: { page: NormalizedPage; processed: ProcessedPage; requestId: string; draft?: RoundDraft }) {
  const review = processed.processing.fields.filter((d) => d.decision === 'NEEDS_REVIEW');
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(review.map((d) => [fieldId(d), d.bestGuess === undefined ? '' : String(d.bestGuess)])),
  );
  const [corrected, setCorrected] = useState<Corrected | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);
  const decisions = new Map(processed.processing.fields.map((d) => [fieldId(d), d]));
  const regions = new Map((page.fieldRegions ?? []).map((r) => [r.id, r]));
  const apply = (e: Event) => {
    e.preventDefault();
    setProblem(null);
    setBusy(true);
    const corrections = Object.fromEntries(Object.entries(values).filter(([, v]) => v.trim() !== ''));
    sendJson<Corrected>('scorecards/drafts', 'POST', {
      requestId,
      pageInstanceId: page.pageInstanceId,
      captureId: page.template!.captureId,
      fields: processed.processing.fields,
      corrections,
    })
      .then(
        (answer) => setCorrected(answer),
        (error) => setProblem(asProblem(error)),
      )
      .finally(() => setBusy(false));
  };
  const shown = corrected?.draft ?? draft;
  const { summary } = processed.processing;
  return (
    <section class="panel page-review" aria-labelledby={`h-${page.pageInstanceId}`}>
      <h2 id={`h-${page.pageInstanceId}`}>
        {page.pageInstanceId}: {page.template?.captureId} <span class={`badge ${summary.reviewCells ? 'warn' : ''}`}>{processed.status}</span>
      </h2>
      <p>
        {summary.acceptedCells} of {summary.totalCells} cells accepted, {summary.reviewCells} to review.
      </p>
      {processed.processing.fields.every((d) => d.decision === 'ACCEPTED' && (d.value === null || d.value === '')) && (
        <p class="notice" data-testid="nothing-written">
          Nothing is written on this card: every cell was read as blank, so the round draft has no score. Fill in the card and photograph it again.
        </p>
      )}
      <div class="grid2 review-grid">
        <PageOverlay page={page} decisions={decisions} />
        <div>
          <form onSubmit={apply} aria-labelledby={`c-${page.pageInstanceId}`} data-testid="review-fields">
            <h3 id={`c-${page.pageInstanceId}`}>Correct the flagged cells</h3>
            {review.length === 0 && <p>Nothing to review on this page.</p>}
            {review.map((d) => {
              const id = fieldId(d);
              const region = regions.get(id);
              const inputId = `fix-${page.pageInstanceId}-${id}`;
              return (
                <div class="field" key={id}>
                  <label for={inputId}>{id}</label>
                  <input
                    id={inputId}
                    inputMode={region?.content === 'digits' ? 'numeric' : 'text'}
                    aria-describedby={`${inputId}-why`}
                    value={values[id] ?? ''}
                    onInput={(e) => setValues({ ...values, [id]: (e.target as HTMLInputElement).value })}
                  />
                  <small id={`${inputId}-why`}>
                    read {d.literal === null ? 'nothing' : `“${d.literal}”`}; {d.reasonCodes.join(', ')}
                    {region?.range ? `; valid ${region.range.min}–${region.range.max}` : ''}
                  </small>
                </div>
              );
            })}
            {problem && <ProblemPanel problem={problem} />}
            <button type="submit" disabled={busy}>
              {busy ? 'Applying…' : 'Apply corrections'}
            </button>
          </form>
          {shown && <DraftTable draft={shown} reviewFields={corrected?.reviewFields} />}
        </div>
      </div>
    </section>
  );
}

function DraftTable({ draft, reviewFields }: { draft: RoundDraft; reviewFields?: string[] }) {
  return (
    <div data-testid="round-draft" aria-live="polite">
      <h3>{reviewFields ? 'Corrected round draft' : 'Round draft (as read)'}</h3>
      <p>
        <code>{draft.draftId}</code> · {draft.selectionPolicy}
        {draft.record.reviewHoleNumbers.length ? ` · holes still to review: ${draft.record.reviewHoleNumbers.join(', ')}` : ' · no hole left to review'}
      </p>
      <div class="table-wrap">
        <table>
          <caption class="sr">Scores per hole</caption>
          <thead>
            <tr>
              <th scope="row">Hole</th>
              {draft.record.holes.map((h) => (
                <th scope="col" key={h.holeNumber}>
                  {h.holeNumber}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">Score</th>
              {draft.record.holes.map((h) => (
                <td key={h.holeNumber}>{h.score}</td>
              ))}
            </tr>
          </tbody>
        </table>
      </div>
      {reviewFields && reviewFields.length > 0 && <p>Fields still flagged: {reviewFields.join(', ')}</p>}
    </div>
  );
}

function ScorecardsPage() {
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<string | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [review, setReview] = useState<Review | null>(null);
  const [sent, setSent] = useState<{ url: string; note: string | null } | null>(null);
  const result = useRef<HTMLDivElement>(null);
  // after a result or a refusal, focus moves to what the page now says (not back to <body>)
  useEffect(() => {
    if (!step && (review || problem)) result.current?.focus();
  }, [review, problem, step]);
  const read = async (e: Event) => {
    e.preventDefault();
    if (!file) return;
    setProblem(null);
    setReview(null);
    setStep('Preparing the photo…');
    const photo = await photoForUpload(file);
    setSent((old) => {
      if (old) URL.revokeObjectURL(old.url);
      return { url: URL.createObjectURL(photo.blob), note: photo.note };
    });
    const form = () => {
      const data = new FormData();
      data.append('image', photo.blob, photo.blob === file ? file.name : 'photo.jpg');
      return data;
    };
    try {
      setStep('Normalizing the photo…');
      const normalized = (await (await call('scorecards/normalize', { method: 'POST', body: form() })).json()) as { pages: NormalizedPage[] };
      setStep('Reading the handwriting…');
      const processing = (await (
        await call('scorecards/process', { method: 'POST', body: form(), headers: { 'idempotency-key': `console-${crypto.randomUUID()}` } })
      ).json()) as Processing;
      setReview({ pages: normalized.pages, processing });
    } catch (error) {
      setProblem(asProblem(error));
    } finally {
      setStep(null);
    }
  };
  return (
    <>
      <CardDownload />
      <form class="panel upload" onSubmit={read} aria-labelledby="photo-heading">
        <h2 id="photo-heading">2. Read a photo of a filled card</h2>
        <div class="row">
          <div class="field">
            <label for="photo">Scorecard photo (JPEG, PNG or WebP; larger photos are downscaled here before upload)</label>
            <input
              id="photo"
              type="file"
              accept="image/jpeg,image/png,image/webp"
              onChange={(e) => setFile((e.target as HTMLInputElement).files?.[0] ?? null)}
            />
          </div>
          <div class="field">
            <button type="submit" disabled={!file || step !== null}>
              Read the photo
            </button>
          </div>
        </div>
        {step && (
          <p class="loading" role="status" aria-live="polite">
            {step}
          </p>
        )}
        {sent?.note && <p data-testid="photo-note">{sent.note}</p>}
      </form>
      <div ref={result} tabIndex={-1} class="result-focus" role="region" aria-label="Result of the photo">
        {problem && <PhotoRefused problem={problem} photoUrl={sent?.url ?? null} />}
        {review && <ReviewResult review={review} />}
      </div>
    </>
  );
}

/** Codes of a photo in which no complete Caddie card was found: the person likely photographed another card. */
const NO_CARD_FOUND = ['registration-markers-incomplete', 'scorecard-perspective-invalid', 'unassigned-marker', 'unreliable-marker'];

/** A refused photo: what was sent, what the reader found (the problem's detail) and what to do next. */
function PhotoRefused({ problem, photoUrl }: { problem: Problem; photoUrl: string | null }) {
  const noCard = problem.code !== undefined && NO_CARD_FOUND.includes(problem.code);
  return (
    <section class="panel upload" aria-labelledby="refused-heading" data-testid="photo-refused">
      <h2 id="refused-heading">The photo could not be read</h2>
      <div class="grid2">
        {photoUrl && (
          <figure class="overlay-figure">
            <img class="sent-photo" src={photoUrl} alt="The photo as it was sent" />
            <figcaption>The photo as it was sent</figcaption>
          </figure>
        )}
        <div>
          <ProblemPanel problem={problem} />
          {noCard && (
            <p data-testid="print-hint">
              The reader only reads Caddie cards: it looks for the four square corner markers printed on them. Print a card of your course in step 1, fill it
              in, and photograph it flat with all four corners in view. <a href="#card-heading">Print a card</a>
            </p>
          )}
        </div>
      </div>
    </section>
  );
}

function ReviewResult({ review }: { review: Review }) {
  const { processing } = review;
  return (
    <div data-testid="scorecard-result">
      <p role="status">
        Processing {processing.status}: {processing.pages.length} page(s), request <code>{processing.requestId}</code>.
      </p>
      {processing.issues.map((issue, i) => (
        <ProblemPanel
          key={i}
          problem={{ status: 422, title: issue.code, detail: `${issue.pageInstanceId ? `${issue.pageInstanceId}: ` : ''}${issue.message}` }}
        />
      ))}
      {processing.pages.map((processed) => {
        const page = review.pages.find((p) => p.pageInstanceId === processed.pageInstanceId && p.status === 'NORMALIZED');
        if (!page?.artifacts)
          return (
            <p key={processed.pageInstanceId}>
              {processed.pageInstanceId}: no normalized image ({processed.status}).
            </p>
          );
        const draft = processing.roundDrafts.find((d) => d.pageInstanceIds.includes(processed.pageInstanceId));
        return <PageReview key={processed.pageInstanceId} page={page} processed={processed} requestId={processing.requestId} draft={draft} />;
      })}
    </div>
  );
}

mountPage('scorecards', 'Scorecards', () => <ScorecardsPage />);
