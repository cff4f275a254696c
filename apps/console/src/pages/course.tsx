import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { asProblem, getJson, type Problem } from '../api';
import { NavigationControl, Marker } from 'maplibre-gl';
import { createMap } from '../map';
import { tilesInView } from '../tile-view';
import { sketchCourse } from '../course-sketch';
import { HoleThumbnail, type HoleShape } from '../hole-thumbnail';
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
  bounds: [number, number, number, number];
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

// both asked for as the script starts, side by side: the map need not wait for the course's data (nor its data for the session)
const tilePlan = courseId ? getJson<TileJson>(`courses/${encodeURIComponent(courseId)}/maps/tiles`) : null;
const courseData = courseId ? getJson<CourseAnswer>(`courses/${encodeURIComponent(courseId)}`) : null;
// the course's shapes, drawn by the browser at once while the server renders the tiles on demand
const mapShapes = courseId ? getJson<GeoJSON.FeatureCollection>(`courses/${encodeURIComponent(courseId)}/maps/features`) : null;
// a signed-out page never reads them: their failures are the session's, which the shell shows
for (const request of [tilePlan, courseData, mapShapes]) request?.catch(() => undefined);

/** The first view's colours: near the tiles' own, so the tiles replace the shapes without a jump. */
const SHAPE_FILLS: [string, string][] = [
  ['trees', '#b5cfa3'],
  ['fairways', '#a9d98c'],
  ['tees', '#93cf7f'],
  ['greens', '#74c46c'],
  ['water', '#8fc3e6'],
  ['bunkers', '#eadcaa'],
];

/** Where the map's tiles are and at which zoom it drew them: the hole pictures are cut from the same tiles. */
export interface MapView {
  template: string;
  zoom: number;
  bounds: [number, number, number, number];
}

/** Each mapped hole's play line and box, for its picture. */
function holeShapes(detail: unknown): Map<number, HoleShape> {
  if (!Array.isArray(detail)) return new Map();
  return new Map(
    (detail as HoleDetail[]).filter((h) => h.bounds).map((h) => [h.number, { number: h.number, line: h.centerline.coordinates, bounds: h.bounds }]),
  );
}

function CourseMap({ id, holes, onReady }: { id: string; holes: { number: number; at: [number, number] }[]; onReady: (view: MapView) => void }) {
  const box = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<ReturnType<typeof createMap> | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [state, setState] = useState('loading the tile plan');
  const [archive, setArchive] = useState('');
  useEffect(() => {
    let made: ReturnType<typeof createMap> | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let live = true;
    let begun = false;
    const draw = (tilejson: TileJson) => {
      begun = true;
      const tiles = tilejson.tiles.map((t) => (t.startsWith('/') ? location.origin + t : t));
      // the first view's tiles are asked for now, so the server renders them while MapLibre starts (its requests then join these)
      const first = tilesInView(tilejson, box.current!.clientWidth, box.current!.clientHeight);
      const view = { template: tiles[0], zoom: first[0]?.z ?? tilejson.minzoom, bounds: tilejson.bounds };
      for (const t of first) {
        void fetch(tiles[0].replace('{z}', String(t.z)).replace('{x}', String(t.x)).replace('{y}', String(t.y)), { credentials: 'same-origin' }).catch(
          () => undefined,
        );
      }
      setState('loading tiles');
      // the shapes at once on a plain canvas (when they come within 2 s), painted before MapLibre starts
      const shapes = Promise.race([mapShapes ?? Promise.reject(new Error('no course')), new Promise<never>((_, no) => setTimeout(no, 2000))]).catch(() => null);
      void shapes.then((collection) => {
        if (!live) return;
        const sketch = collection && sketchCourse(box.current!, collection, tilejson.bounds, SHAPE_FILLS);
        if (sketch) box.current!.setAttribute('data-first-view-ms', String(Math.round(performance.now())));
        // a frame for the sketch to reach the screen, then MapLibre (which can hold this thread for a while)
        requestAnimationFrame(() => setTimeout(() => live && start(tilejson, tiles, view, sketch), 0));
      });
    };
    const start = (tilejson: TileJson, tiles: string[], view: MapView, sketch: HTMLCanvasElement | null) => {
      made = createMap(box.current!, { bounds: tilejson.bounds, minZoom: Math.max(0, tilejson.minzoom - 2), maxZoom: tilejson.maxzoom + 1 });
      const map = made;
      (window as unknown as { consoleMap: unknown }).consoleMap = map;
      // hidden over the sketch until it has drawn at least the same shapes
      if (sketch) map.getCanvas().style.visibility = 'hidden';
      let shown = !sketch;
      const takeOver = () => {
        if (shown) return;
        shown = true;
        map.getCanvas().style.visibility = '';
        sketch?.remove();
      };
      map.addControl(new NavigationControl({ showCompass: false }), 'top-right');
      map.on('load', () => {
        map.addSource('course', {
          type: 'raster',
          tiles,
          tileSize: 256,
          minzoom: tilejson.minzoom,
          maxzoom: tilejson.maxzoom,
          bounds: tilejson.bounds,
          attribution: tilejson.attribution,
        });
        map.addLayer({ id: 'course', type: 'raster', source: 'course' });
        void mapShapes?.then(
          (collection) => {
            if (!live) return;
            map.addSource('shapes', { type: 'geojson', data: collection });
            // below the tiles: each tile that arrives covers them
            for (const [layer, color] of SHAPE_FILLS)
              map.addLayer(
                { id: `shape-${layer}`, type: 'fill', source: 'shapes', filter: ['==', ['get', 'layer'], layer], paint: { 'fill-color': color } },
                'course',
              );
            map.addLayer(
              {
                id: 'shape-boundary',
                type: 'line',
                source: 'shapes',
                filter: ['==', ['get', 'layer'], 'course-boundary'],
                paint: { 'line-color': '#5b7f4a', 'line-width': 1.5 },
              },
              'course',
            );
            const drawn = (event: { sourceId?: string; isSourceLoaded?: boolean }) => {
              if (event.sourceId !== 'shapes' || !event.isSourceLoaded) return;
              map.off('sourcedata', drawn);
              map.once('render', takeOver);
              map.triggerRepaint();
            };
            map.on('sourcedata', drawn);
          },
          () => undefined,
        );
        setMap(map);
      });
      map.on('idle', () => {
        takeOver();
        if (!box.current?.hasAttribute('data-first-view-ms')) box.current?.setAttribute('data-first-view-ms', String(Math.round(performance.now())));
        setState('ready');
        onReady(view);
      });
      map.on('error', (event) => setState(`some tiles could not be loaded (${String((event.error as Error)?.message ?? 'error')})`));
    };
    // tiles are drawn on demand while the archive builds (the first plan request starts the build): the map shows at once
    const plan = (request: Promise<TileJson>) =>
      request.then(
        (tilejson) => {
          if (!live) return;
          setArchive(tilejson.archive.status);
          if (!begun) draw(tilejson);
          if (tilejson.archive.status !== 'ready' && tilejson.archive.status !== 'failed')
            timer = setTimeout(() => void plan(getJson<TileJson>(`courses/${encodeURIComponent(id)}/maps/tiles`)), 15_000);
        },
        (error) => live && setProblem(asProblem(error)),
      );
    void plan(id === courseId && tilePlan ? tilePlan : getJson<TileJson>(`courses/${encodeURIComponent(id)}/maps/tiles`));
    return () => {
      live = false;
      clearTimeout(timer);
      made?.remove();
    };
  }, [id]);
  // hole numbers once both the map and the course's holes are there (HTML markers: the map has no glyph server for text layers)
  useEffect(() => {
    if (!map) return;
    const markers = holes.map((hole) => {
      const label = document.createElement('span');
      label.className = 'hole-number';
      label.textContent = String(hole.number);
      label.setAttribute('aria-label', `Hole ${hole.number}`);
      return new Marker({ element: label }).setLngLat(hole.at).addTo(map);
    });
    return () => markers.forEach((m) => m.remove());
  }, [map, holes]);
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
    courseData!.then(setCourse, (e) => setProblem(asProblem(e)));
  }, []);
  const labels = useMemo(() => holeLabels(course?.data.data.holes?.detail), [course]);
  const shapes = useMemo(() => holeShapes(course?.data.data.holes?.detail), [course]);
  const [view, setView] = useState<MapView | null>(null);
  if (problem) return <ProblemPanel problem={problem} />;
  // the map's section stands from the start (its tiles need only the plan); the rest follows the course's data
  const map = (
    <section key="map" aria-labelledby="map-heading">
      <h2 id="map-heading">Course map</h2>
      <CourseMap id={courseId} holes={labels} onReady={(v) => setView((old) => old ?? v)} />
    </section>
  );
  if (!course)
    return (
      <>
        <Loading what="the course" />
        <div key="grid" class="grid2" style={{ marginTop: '16px' }}>
          <div key="quality" />
          {map}
        </div>
      </>
    );
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
      <div key="grid" class="grid2" style={{ marginTop: '16px' }}>
        <section key="quality" aria-labelledby="quality-heading">
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
        {map}
      </div>
      <section aria-labelledby="holes-heading">
        <h2 id="holes-heading">Holes</h2>
        <CourseHoles
          scorecard={scorecard}
          summary={holes?.summary}
          picture={(n) => {
            const shape = shapes.get(n);
            if (!shape) return 'not mapped';
            // cut from the map's tiles once the map has drawn them (the browser holds them then)
            return view ? <HoleThumbnail hole={shape} template={view.template} zoom={view.zoom} coverage={view.bounds} /> : 'after the map';
          }}
        />
      </section>
    </>
  );
}

mountPage('courses', 'Course', () => <CoursePage />);
