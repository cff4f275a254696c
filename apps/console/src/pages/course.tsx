import { useEffect, useRef, useState } from 'preact/hooks';
import { asProblem, getJson, type Problem } from '../api';
import { NavigationControl, Marker } from 'maplibre-gl';
import { createMap } from '../map';
import { CourseHoles, missingReason, type DatasetStatus, type HoleSummary, type Scorecard } from '../course-holes';
import { Loading, mountPage, ProblemPanel } from '../shell';

interface CourseAnswer {
  summary: {
    id: string;
    name: string;
    holeCount: number;
    location: { city: string | null; region: string | null; country: string | null };
    services: Record<string, { available: boolean; delivery: string }>;
  };
  data: {
    data: {
      identity?: {
        classification?: string;
        active?: boolean;
        completeness?: { status: string; holesMapped: number; holesExpected: number; holesMissing: number[] };
        qualityFlags?: (string | { code?: string; detail?: string })[];
      };
      scorecard?: Scorecard | DatasetStatus;
      holes?: { summary?: HoleSummary[] | DatasetStatus; detail?: HoleDetail[] | DatasetStatus };
      provenance?:
        { sources: { kind: string; name: string; license?: string; attribution?: string }[]; inferences: unknown[]; missing: string[] } | { status: string };
    };
    meta: { deniedDatasets: string[]; todoDatasets: string[] };
  };
}
interface HoleDetail {
  number: number;
  centerline: { coordinates: [number, number][] };
  tees: { center: { coordinates: [number, number] } }[];
}
interface TileJson {
  tiles: string[];
  bounds: [number, number, number, number];
  minzoom: number;
  maxzoom: number;
  attribution: string;
  archive: { status: string };
}

const courseId = new URLSearchParams(location.search).get('id') ?? '';
const flagText = (f: string | { code?: string; detail?: string }) => (typeof f === 'string' ? f : [f.code, f.detail].filter(Boolean).join(': '));

/** Where each hole's number goes on the map: its first tee box, else the start of its line. */
function holeLabels(detail: unknown): { number: number; at: [number, number] }[] {
  if (!Array.isArray(detail)) return [];
  return (detail as HoleDetail[]).flatMap((h) => {
    const at = h.tees[0]?.center.coordinates ?? h.centerline.coordinates[0];
    return at ? [{ number: h.number, at }] : [];
  });
}

function CourseMap({ id, holes }: { id: string; holes: { number: number; at: [number, number] }[] }) {
  const box = useRef<HTMLDivElement>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [state, setState] = useState('loading the tile plan');
  const [archive, setArchive] = useState('');
  useEffect(() => {
    let map: ReturnType<typeof createMap> | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const draw = (tilejson: TileJson) => {
      setState('loading tiles');
      map = createMap(box.current!, { bounds: tilejson.bounds, minZoom: Math.max(0, tilejson.minzoom - 2), maxZoom: tilejson.maxzoom + 1 });
      (window as unknown as { consoleMap: unknown }).consoleMap = map;
      map.addControl(new NavigationControl({ showCompass: false }), 'top-right');
      map.on('load', () => {
        map!.addSource('course', {
          type: 'raster',
          tiles: tilejson.tiles.map((t) => (t.startsWith('/') ? location.origin + t : t)),
          tileSize: 256,
          minzoom: tilejson.minzoom,
          maxzoom: tilejson.maxzoom,
          bounds: tilejson.bounds,
          attribution: tilejson.attribution,
        });
        map!.addLayer({ id: 'course', type: 'raster', source: 'course' });
        // HTML markers: the map has no glyph server for text layers
        for (const hole of holes) {
          const label = document.createElement('span');
          label.className = 'hole-number';
          label.textContent = String(hole.number);
          label.setAttribute('aria-label', `Hole ${hole.number}`);
          new Marker({ element: label }).setLngLat(hole.at).addTo(map!);
        }
      });
      map.on('idle', () => setState('ready'));
      map.on('error', (event) => setState(`some tiles could not be loaded (${String((event.error as Error)?.message ?? 'error')})`));
    };
    // tiles are drawn on demand while the archive builds (the first plan request starts the build): the map shows at once
    const plan = () =>
      getJson<TileJson>(`courses/${encodeURIComponent(id)}/maps/tiles`).then(
        (tilejson) => {
          setArchive(tilejson.archive.status);
          if (!map) draw(tilejson);
          if (tilejson.archive.status !== 'ready' && tilejson.archive.status !== 'failed') timer = setTimeout(plan, 15_000);
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
      <div ref={box} class="map" role="region" aria-label="Course map with hole numbers" data-testid="course-map" data-state={state} />
      <p role="status">
        Map: {state}
        {archive && archive !== 'ready' ? ` · tiles drawn on demand while the map archive is ${archive}` : ''}
      </p>
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
  const flags = identity?.qualityFlags ?? [];
  document.title = `${summary.name} · Caddie Console`;
  return (
    <>
      <section class="panel" aria-labelledby="summary-heading">
        <h2 id="summary-heading">{summary.name}</h2>
        <p>
          <code>{summary.id}</code> · {[summary.location.city, summary.location.region, summary.location.country].filter(Boolean).join(', ')} ·{' '}
          {summary.holeCount} holes
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
                Completeness: <strong>{identity.completeness.status}</strong> ({identity.completeness.holesMapped} of {identity.completeness.holesExpected}{' '}
                holes mapped
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
              <p>{missingReason('provenance', provenance) ?? 'No provenance recorded.'}</p>
            )}
            {course.data.meta.deniedDatasets.length > 0 && <p>Datasets not granted: {course.data.meta.deniedDatasets.join(', ')}</p>}
          </div>
        </section>
        <section aria-labelledby="map-heading">
          <h2 id="map-heading">Course map</h2>
          <CourseMap id={summary.id} holes={holeLabels(holes?.detail)} />
        </section>
      </div>
      <section aria-labelledby="holes-heading">
        <h2 id="holes-heading">Holes</h2>
        <CourseHoles scorecard={scorecard} summary={holes?.summary} />
      </section>
    </>
  );
}

mountPage('courses', 'Course', () => <CoursePage />);
