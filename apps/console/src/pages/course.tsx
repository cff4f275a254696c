import { useEffect, useRef, useState } from 'preact/hooks';
import { asProblem, getJson, type Problem } from '../api';
import { createMap } from '../map';
import { Loading, mountPage, ProblemPanel } from '../shell';

interface TeeSet { id: string; name: string; color: string }
interface ScorecardHole { number: number; par: number | null; handicap: number | null; yardsByTeeSet: Record<string, number | null> }
interface HoleSummary { number: number; name?: string | null; flags: string[] }
interface CourseAnswer {
  summary: { id: string; name: string; holeCount: number; location: { city: string | null; region: string | null; country: string | null }; services: Record<string, { available: boolean; delivery: string }> };
  data: {
    data: {
      identity?: { classification?: string; active?: boolean; completeness?: { status: string; holesMapped: number; holesExpected: number; holesMissing: number[] }; qualityFlags?: (string | { code?: string; detail?: string })[] };
      scorecard?: { teeSets: TeeSet[]; yardage: { unit: string; basis: string }; totalsByTeeSet: Record<string, { yards: number }>; holes: ScorecardHole[] } | { status: string };
      holes?: { summary?: HoleSummary[] };
      provenance?: { sources: { kind: string; name: string; license?: string; attribution?: string }[]; inferences: unknown[]; missing: string[] } | { status: string };
    };
    meta: { deniedDatasets: string[]; todoDatasets: string[] };
  };
}
interface TileJson { tiles: string[]; bounds: [number, number, number, number]; minzoom: number; maxzoom: number; attribution: string; archive: { status: string } }

const courseId = new URLSearchParams(location.search).get('id') ?? '';
const flagText = (f: string | { code?: string; detail?: string }) => (typeof f === 'string' ? f : [f.code, f.detail].filter(Boolean).join(': '));

function CourseMap({ id }: { id: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [state, setState] = useState('loading the tile plan');
  useEffect(() => {
    let map: ReturnType<typeof createMap> | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const draw = (tilejson: TileJson) => {
      setState('loading tiles');
      map = createMap(box.current!, { bounds: tilejson.bounds, minZoom: Math.max(0, tilejson.minzoom - 2) });
      (window as unknown as { consoleMap: unknown }).consoleMap = map;
      map.on('load', () => {
        map!.addSource('course', { type: 'raster', tiles: tilejson.tiles.map((t) => (t.startsWith('/') ? location.origin + t : t)), tileSize: 256, minzoom: tilejson.minzoom, maxzoom: tilejson.maxzoom, bounds: tilejson.bounds, attribution: tilejson.attribution });
        map!.addLayer({ id: 'course', type: 'raster', source: 'course' });
      });
      map.on('idle', () => setState('ready'));
      map.on('error', (event) => setState(`some tiles could not be loaded (${String((event.error as Error)?.message ?? 'error')})`));
    };
    // the first plan request starts the archive build; the map is drawn once the archive is stored
    const plan = () =>
      getJson<TileJson>(`courses/${encodeURIComponent(id)}/maps/tiles`).then(
        (tilejson) => {
          if (tilejson.archive.status === 'ready') draw(tilejson);
          else {
            setState(`map archive ${tilejson.archive.status}; the map appears when it is ready`);
            timer = setTimeout(plan, 2000);
          }
        },
        (error) => setProblem(asProblem(error)),
      );
    void plan();
    return () => {
      clearTimeout(timer);
      map?.remove();
    };
  }, [id]);
  if (problem) return <ProblemPanel problem={problem} />;
  return (
    <>
      <div ref={box} class="map" role="region" aria-label="Course map" data-testid="course-map" data-state={state} />
      <p role="status">Map: {state}</p>
    </>
  );
}

function CoursePage() {
  const [course, setCourse] = useState<CourseAnswer | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  useEffect(() => {
    if (!courseId) {
      setProblem({ status: 400, title: 'No course chosen', detail: 'Open a course from the Courses page.' });
      return;
    }
    getJson<CourseAnswer>(`courses/${encodeURIComponent(courseId)}`).then(setCourse, (e) => setProblem(asProblem(e)));
  }, []);
  if (problem) return <ProblemPanel problem={problem} />;
  if (!course) return <Loading what="the course" />;
  const { summary } = course;
  const { identity, scorecard, holes, provenance } = course.data.data;
  const card = scorecard && 'holes' in scorecard ? scorecard : null;
  const flagsByHole = new Map((holes?.summary ?? []).map((h) => [h.number, h]));
  const flags = identity?.qualityFlags ?? [];
  document.title = `${summary.name} · Caddie Console`;
  return (
    <>
      <section class="panel" aria-labelledby="summary-heading">
        <h2 id="summary-heading">{summary.name}</h2>
        <p>
          <code>{summary.id}</code> · {[summary.location.city, summary.location.region, summary.location.country].filter(Boolean).join(', ')} · {summary.holeCount} holes
          {identity?.classification && <> · {identity.classification}</>}
        </p>
        <p>
          {Object.entries(summary.services).map(([name, s]) => (
            <span key={name} class={`badge ${s.available ? '' : 'warn'}`} style={{ marginRight: '6px' }}>
              {name}: {s.available ? s.delivery : 'unavailable'}
            </span>
          ))}
        </p>
        <p>
          <a class="button" href={`studio.html?course=${encodeURIComponent(summary.id)}`}>
            Open in the graphics studio
          </a>
        </p>
      </section>
      <div class="grid2" style={{ marginTop: '16px' }}>
        <section aria-labelledby="quality-heading">
          <h2 id="quality-heading">Data quality and provenance</h2>
          <div class="panel">
            {identity?.completeness && (
              <p>
                Completeness: <strong>{identity.completeness.status}</strong> ({identity.completeness.holesMapped} of {identity.completeness.holesExpected} holes mapped
                {identity.completeness.holesMissing.length ? `; missing ${identity.completeness.holesMissing.join(', ')}` : ''})
              </p>
            )}
            <p>Quality flags: {flags.length ? flags.map(flagText).join('; ') : 'none'}</p>
            {provenance && 'sources' in provenance ? (
              <>
                <h3>Sources</h3>
                <ul>
                  {provenance.sources.map((s, i) => (
                    <li key={i}>
                      {s.name} ({s.kind}
                      {s.license ? `, ${s.license}` : ''}){s.attribution ? ` — ${s.attribution}` : ''}
                    </li>
                  ))}
                </ul>
                {provenance.missing.length > 0 && <p>Not in the data: {provenance.missing.join(', ')}</p>}
              </>
            ) : (
              <p>Provenance is not granted to this organization.</p>
            )}
            {course.data.meta.deniedDatasets.length > 0 && <p>Datasets not granted: {course.data.meta.deniedDatasets.join(', ')}</p>}
          </div>
        </section>
        <section aria-labelledby="map-heading">
          <h2 id="map-heading">Course map</h2>
          <CourseMap id={summary.id} />
        </section>
      </div>
      <section aria-labelledby="holes-heading">
        <h2 id="holes-heading">Holes</h2>
        {card ? (
          <div class="table-wrap">
            <table data-testid="holes">
              <caption class="sr">Par, handicap and length in {card.yardage.unit} per tee set</caption>
              <thead>
                <tr>
                  <th scope="col">Hole</th>
                  <th scope="col">Name</th>
                  <th scope="col">Par</th>
                  <th scope="col">Handicap</th>
                  {card.teeSets.map((t) => (
                    <th scope="col" key={t.id}>
                      {t.name} ({card.yardage.unit})
                    </th>
                  ))}
                  <th scope="col">Flags</th>
                </tr>
              </thead>
              <tbody>
                {card.holes.map((h) => (
                  <tr key={h.number}>
                    <th scope="row">{h.number}</th>
                    <td>{flagsByHole.get(h.number)?.name ?? ''}</td>
                    <td>{h.par ?? '—'}</td>
                    <td>{h.handicap ?? '—'}</td>
                    {card.teeSets.map((t) => (
                      <td key={t.id}>{h.yardsByTeeSet[t.id] ?? '—'}</td>
                    ))}
                    <td>{flagsByHole.get(h.number)?.flags.join(', ') || '—'}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">Total</th>
                  <td />
                  <td>{card.holes.reduce((s, h) => s + (h.par ?? 0), 0)}</td>
                  <td />
                  {card.teeSets.map((t) => (
                    <td key={t.id}>{card.totalsByTeeSet[t.id]?.yards ?? '—'}</td>
                  ))}
                  <td />
                </tr>
              </tfoot>
            </table>
          </div>
        ) : (
          <p>The scorecard dataset is not granted to this organization.</p>
        )}
      </section>
    </>
  );
}

mountPage('courses', 'Course', () => <CoursePage />);
