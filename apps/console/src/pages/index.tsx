import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { Marker, NavigationControl, Popup, type Map as MapLibreMap } from 'maplibre-gl';
import { asProblem, getJson, type Problem } from '../api';
import { createMap } from '../map';
import { Loading, mountPage, ProblemPanel } from '../shell';

interface Place {
  city: string | null;
  region: string | null;
  country: string | null;
  longitude: number | null;
  latitude: number | null;
}
interface DirectoryCourse {
  id: string;
  name: string;
  location: Place;
}
interface Nearby {
  origin: { longitude: number; latitude: number };
  radiusMiles: number;
  courses: { id: string; name: string; distanceMiles: number }[];
}

const where = (p: Place) => [p.city, p.region, p.country].filter(Boolean).join(', ');

/** A course marker: a labelled link to the course page (keyboard and pointer open the course). */
function courseMarker(course: DirectoryCourse, map: MapLibreMap): Marker {
  const link = document.createElement('a');
  link.className = 'course-marker';
  link.href = `course.html?id=${encodeURIComponent(course.id)}`;
  link.textContent = course.name;
  // a click on a marker opens its course; it must not also start a nearby search on the map below
  link.addEventListener('click', (event) => event.stopPropagation());
  // hovering or focusing a marker shows where the course is and what a click does
  const popup = new Popup({ closeButton: false, closeOnClick: false, offset: 28, className: 'course-popup' });
  const card = document.createElement('div');
  const title = document.createElement('strong');
  title.textContent = course.name;
  const place = document.createElement('div');
  place.textContent = where(course.location) || 'no location';
  const hint = document.createElement('small');
  hint.textContent = 'Click or press Enter to open the course';
  card.append(title, place, hint);
  popup.setDOMContent(card);
  const show = () => popup.setLngLat([course.location.longitude!, course.location.latitude!]).addTo(map);
  const hide = () => popup.remove();
  link.addEventListener('mouseenter', show);
  link.addEventListener('focus', show);
  link.addEventListener('mouseleave', hide);
  link.addEventListener('blur', hide);
  const marker = new Marker({ element: link, anchor: 'bottom' }).setLngLat([course.location.longitude!, course.location.latitude!]);
  // a marker the search takes off the map takes its popup along
  const remove = marker.remove.bind(marker);
  marker.remove = () => (hide(), remove());
  return marker;
}

function CoursesMap({ courses, shown, onPick }: { courses: DirectoryCourse[]; shown: DirectoryCourse[]; onPick: (lon: number, lat: number) => void }) {
  const box = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const markers = useRef<Marker[]>([]);
  const located = (list: DirectoryCourse[]) => list.filter((c) => c.location.longitude !== null && c.location.latitude !== null);
  useEffect(() => {
    const map = createMap(box.current!, { center: [0, 20], zoom: 1 });
    mapRef.current = map;
    (window as unknown as { consoleMap: MapLibreMap }).consoleMap = map;
    map.addControl(new NavigationControl({ showCompass: false }), 'top-right');
    // land, water and country borders to orient by, loaded beside the map (its own chunk)
    let live = true;
    map.on(
      'load',
      () =>
        void import('../world-base').then(({ addWorldBase }) => {
          if (!live) return;
          addWorldBase(map);
          box.current?.setAttribute('data-base', 'world');
        }),
    );
    const all = located(courses);
    if (all.length) {
      const lons = all.map((c) => c.location.longitude!);
      const lats = all.map((c) => c.location.latitude!);
      map.fitBounds(
        [
          [Math.min(...lons) - 0.05, Math.min(...lats) - 0.05],
          [Math.max(...lons) + 0.05, Math.max(...lats) + 0.05],
        ],
        { animate: false, maxZoom: 12, padding: 60 },
      );
    }
    map.on('click', (event) => onPick(event.lngLat.lng, event.lngLat.lat));
    return () => {
      live = false;
      map.remove();
    };
  }, [courses]);
  // the search filters the map too: only the listed courses keep a marker
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    for (const marker of markers.current) marker.remove();
    markers.current = located(shown).map((c) => courseMarker(c, map).addTo(map));
  }, [shown, courses]);
  return (
    <div
      ref={box}
      class="map"
      role="region"
      aria-label="Map of the listed courses: a course's label opens it; a click elsewhere searches nearby"
      data-testid="courses-map"
    />
  );
}

function CoursesPage() {
  const [courses, setCourses] = useState<DirectoryCourse[] | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [query, setQuery] = useState('');
  const [origin, setOrigin] = useState({ longitude: '', latitude: '' });
  const [nearby, setNearby] = useState<Nearby | null>(null);
  const [nearbyProblem, setNearbyProblem] = useState<Problem | null>(null);
  const [searching, setSearching] = useState(false);

  useEffect(() => {
    getJson<{ courses: DirectoryCourse[] }>('courses').then(
      (d) => setCourses(d.courses),
      (e) => setProblem(asProblem(e)),
    );
  }, []);
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    return (courses ?? []).filter((c) => !q || `${c.name} ${c.id} ${where(c.location)}`.toLowerCase().includes(q));
  }, [courses, query]);

  const searchNearby = (longitude: number, latitude: number) => {
    setOrigin({ longitude: longitude.toFixed(5), latitude: latitude.toFixed(5) });
    setSearching(true);
    setNearbyProblem(null);
    setNearby(null);
    getJson<Nearby>(`courses/nearby/${longitude.toFixed(5)}/${latitude.toFixed(5)}`)
      .then(setNearby, (e) => setNearbyProblem(asProblem(e)))
      .finally(() => setSearching(false));
  };

  if (problem) return <ProblemPanel problem={problem} />;
  if (!courses) return <Loading what="the course directory" />;
  return (
    <div class="grid2">
      <section class="panel" aria-labelledby="directory-heading">
        <h2 id="directory-heading">Directory</h2>
        <div class="field">
          <label for="course-search">Search courses</label>
          <input
            id="course-search"
            type="search"
            value={query}
            onInput={(e) => setQuery((e.target as HTMLInputElement).value)}
            placeholder="name, id or place"
          />
        </div>
        <p aria-live="polite" data-testid="course-count">
          {shown.length} of {courses.length} courses
          {shown.length === 0 && query.trim() !== '' && <> · no course matches “{query.trim()}”; search by name, id or place, or clear the search.</>}
        </p>
        <ul class="plain" data-testid="course-list">
          {shown.map((c) => (
            <li key={c.id}>
              <a href={`course.html?id=${encodeURIComponent(c.id)}`}>{c.name}</a>
              <br />
              <small>
                {where(c.location) || 'no location'} · <code>{c.id}</code>
              </small>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="map-heading">
        <h2 id="map-heading">All courses on the map</h2>
        <CoursesMap courses={courses} shown={shown} onPick={searchNearby} />
        <form
          class="row panel"
          style={{ marginTop: '10px' }}
          onSubmit={(e) => {
            e.preventDefault();
            const longitude = Number(origin.longitude.trim());
            const latitude = Number(origin.latitude.trim());
            // checked here so "abc" is never sent as NaN and an old answer never stays under a new error
            if (
              origin.longitude.trim() === '' ||
              !Number.isFinite(longitude) ||
              Math.abs(longitude) > 180 ||
              origin.latitude.trim() === '' ||
              !Number.isFinite(latitude) ||
              Math.abs(latitude) > 90
            ) {
              setNearby(null);
              setNearbyProblem({
                status: 400,
                title: 'Not a place on the map',
                detail: 'Longitude is a decimal number from -180 to 180 and latitude one from -90 to 90 (for example -121.19 and 44.29).',
              });
              return;
            }
            searchNearby(longitude, latitude);
          }}
        >
          <div class="field">
            <label for="nearby-lon">Longitude</label>
            <input
              id="nearby-lon"
              inputMode="decimal"
              required
              value={origin.longitude}
              onInput={(e) => setOrigin({ ...origin, longitude: (e.target as HTMLInputElement).value })}
            />
          </div>
          <div class="field">
            <label for="nearby-lat">Latitude</label>
            <input
              id="nearby-lat"
              inputMode="decimal"
              required
              value={origin.latitude}
              onInput={(e) => setOrigin({ ...origin, latitude: (e.target as HTMLInputElement).value })}
            />
          </div>
          <div class="field">
            <button type="submit">Find nearby courses</button>
          </div>
        </form>
        <div aria-live="polite" data-testid="nearby">
          {searching && <Loading what="nearby courses" />}
          {nearbyProblem && <ProblemPanel problem={nearbyProblem} />}
          {nearby && !searching && (
            <>
              <h2>
                Within {nearby.radiusMiles} miles of {nearby.origin.latitude.toFixed(4)}, {nearby.origin.longitude.toFixed(4)}
              </h2>
              {nearby.courses.length === 0 ? (
                <p>No course within {nearby.radiusMiles} miles. Click closer to a course marker.</p>
              ) : (
                <ul class="plain">
                  {nearby.courses.map((c) => (
                    <li key={c.id}>
                      <a href={`course.html?id=${encodeURIComponent(c.id)}`}>{c.name}</a> · {c.distanceMiles.toFixed(2)} mi
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}
        </div>
      </section>
    </div>
  );
}

mountPage('courses', 'Courses', () => <CoursesPage />);
