import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { asProblem, call, getJson, problemOf, sendJson, type Problem } from '../api';
import {
  allowedValues,
  bodyOf,
  defaultText,
  formOptions,
  optionWords,
  previewWidthFor,
  queryOf,
  refusedOptions,
  type FormValues,
  type StyleOption,
  type StylesDocument,
} from '../graphics-options';
import { paintOverlays, type ResolvedOverlays } from '../overlay-layer';
import { CopyButton, CourseSelect, Loading, mountPage, ProblemPanel } from '../shell';

interface Subject {
  subject: string;
  type: string;
  defaultSizes?: Record<string, { width: number; height: number }>;
  allowedOverlaysByStyle?: Record<string, string[]>;
}
interface Subjects {
  courseId: string;
  formats: string[];
  subjects: Subject[];
}
interface DirectoryCourse {
  id: string;
  name: string;
}

const params = new URLSearchParams(location.search);
/** Previews start small (a user-visible width in the form, so the copied URL is the same request). */
const PREVIEW_WIDTH = 480;

function OptionControl({ option, style, value, onChange }: { option: StyleOption; style: string; value: string; onChange: (v: string) => void }) {
  const id = `opt-${option.queryName}`;
  const values = allowedValues(option, style);
  const help = `${id}-help`;
  const range = option.minimum !== undefined ? ` (${option.minimum}–${option.maximum})` : '';
  return (
    <div class="field">
      <label for={id}>
        {optionWords(option.queryName!)} <code>{option.queryName}</code>
        <small id={help}>
          default: {defaultText(option, style)}
          {range}
        </small>
      </label>
      {values ? (
        <select id={id} aria-describedby={help} value={value} onChange={(e) => onChange((e.target as HTMLSelectElement).value)}>
          <option value="">(default)</option>
          {values.map((v) => (
            <option key={v} value={v}>
              {v}
            </option>
          ))}
        </select>
      ) : option.type === 'integer' || option.type === 'number' ? (
        <input
          id={id}
          aria-describedby={help}
          type="number"
          step={option.type === 'integer' ? 1 : 'any'}
          min={option.minimum}
          max={option.maximum}
          value={value}
          onChange={(e) => onChange((e.target as HTMLInputElement).value)}
        />
      ) : (
        <input id={id} aria-describedby={help} type="text" value={value} onChange={(e) => onChange((e.target as HTMLInputElement).value)} />
      )}
    </div>
  );
}

function CopyBlock({ label, text, testId }: { label: string; text: string; testId: string }) {
  return (
    <div class="field">
      <div class="row" style={{ alignItems: 'center' }}>
        <h3 style={{ margin: 0, fontSize: '1rem' }}>{label}</h3>
        <CopyButton text={text} label={`Copy the ${label}`} />
      </div>
      <pre class="copy" data-testid={testId}>
        {text}
      </pre>
    </div>
  );
}

function Studio({ doc, courses }: { doc: StylesDocument; courses: DirectoryCourse[] }) {
  const [courseId, setCourseId] = useState(params.get('course') ?? courses[0]?.id ?? '');
  const [subjects, setSubjects] = useState<Subjects | null>(null);
  const [subjectsProblem, setSubjectsProblem] = useState<Problem | null>(null);
  const [subject, setSubject] = useState('');
  const [format, setFormat] = useState(doc.formats.find((f) => f.default)?.id ?? 'webp');
  const [style, setStyle] = useState(doc.styles.find((s) => s.default)?.id ?? 'traditional');
  const [values, setValues] = useState<FormValues>({ width: String(PREVIEW_WIDTH) });
  // what the studio changed on its own after a choice (reset options, a wider preview, dropped overlays), said out loud
  const [notices, setNotices] = useState<string[]>([]);
  const [preview, setPreview] = useState<{ url: string; path: string; cacheState: string; bytes: number } | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const [allowed, setAllowed] = useState<string[] | null>(null);
  const [resolved, setResolved] = useState<ResolvedOverlays | null>(null);
  const [overlayProblem, setOverlayProblem] = useState<Problem | null>(null);
  const overlayCanvas = useRef<HTMLCanvasElement>(null);
  const [previewProblem, setPreviewProblem] = useState<Problem | null>(null);
  const [rendering, setRendering] = useState(false);
  const lastUrl = useRef('');

  useEffect(() => {
    setSubjects(null);
    setSubjectsProblem(null);
    getJson<Subjects>(`courses/${encodeURIComponent(courseId)}/graphics`).then(
      (s) => {
        setSubjects(s);
        setSubject((current) =>
          s.subjects.some((x) => x.subject === current) ? current : ((s.subjects.find((x) => x.type === 'hole') ?? s.subjects[0])?.subject ?? ''),
        );
      },
      (e) => setSubjectsProblem(asProblem(e)),
    );
  }, [courseId]);

  const current = subjects?.subjects.find((s) => s.subject === subject);
  const type = current?.type ?? 'hole';
  const offeredOverlays = current?.allowedOverlaysByStyle?.[style] ?? [];
  const options = useMemo(() => formOptions(doc, type, style), [doc, type, style]);

  // a new subject: the preview width it accepts, and only the overlays its renders authorize
  const previousSubject = useRef<Subject | undefined>(undefined);
  useEffect(() => {
    if (!current) return;
    const said: string[] = [];
    const before = previousSubject.current;
    previousSubject.current = current;
    const wanted = previewWidthFor(current.defaultSizes, PREVIEW_WIDTH);
    const shownWidth = values.width;
    // only a width the studio chose itself follows the subject; a width the user typed stays
    if (shownWidth === '' || shownWidth === String(previewWidthFor(before?.defaultSizes, PREVIEW_WIDTH))) {
      if (shownWidth !== String(wanted)) {
        setValues((v) => ({ ...v, width: String(wanted) }));
        if (wanted !== PREVIEW_WIDTH)
          said.push(`The preview is ${wanted} px wide: a ${current.type} graphic keeps its proportions and needs at least 320 px of height.`);
      }
    }
    const dropped = chosen.filter((o) => !offeredOverlays.includes(o));
    if (dropped.length) {
      setChosen((list) => list.filter((o) => !dropped.includes(o)));
      said.push(`${current.type} graphics take no ${dropped.join(', ')} overlay; unchecked.`);
    }
    setNotices(said);
  }, [current?.subject]);

  const chooseStyle = (next: string) => {
    const refused = refusedOptions(doc, type, next, Object.fromEntries(Object.entries(values).filter(([k]) => options.some((o) => o.queryName === k))));
    setStyle(next);
    if (refused.length) {
      setValues((v) => Object.fromEntries(Object.entries(v).filter(([k]) => !refused.some((r) => r.queryName === k))));
    }
    const said = refused.map((r) => `${optionWords(r.queryName)} ${r.value} is reset to the ${next} default: ${r.reason}.`);
    const stillOffered = current?.allowedOverlaysByStyle?.[next] ?? [];
    const dropped = chosen.filter((o) => !stillOffered.includes(o));
    if (dropped.length) {
      setChosen((list) => list.filter((o) => !dropped.includes(o)));
      said.push(`${next} graphics take no ${dropped.join(', ')} overlay; unchecked.`);
    }
    setNotices(said);
  };
  const applicable = useMemo(() => {
    const names = new Set(options.map((o) => o.queryName!));
    return Object.fromEntries(Object.entries(values).filter(([k]) => names.has(k)));
  }, [options, values]);
  const query = queryOf(doc, style, applicable);
  const path = `/courses/${encodeURIComponent(courseId)}/graphics/images/${subject}/${format}?${query}`;
  const getUrl = `${location.origin}/v1${path}`;
  const postBody = JSON.stringify(bodyOf(doc, subject, format, style, applicable), null, 2);
  const overlayList = chosen.filter((o) => offeredOverlays.includes(o));
  const overlaysBody = overlayList.length
    ? JSON.stringify({ receipt: '<render.receipt of the POST answer>', overlays: overlayList.map((t) => ({ type: t })) }, null, 2)
    : '';
  const curl = overlayList.length
    ? [
        `curl -s -H "x-api-key: $CADDIE_API_KEY" -H 'content-type: application/json' -d '${JSON.stringify(bodyOf(doc, subject, format, style, applicable))}' '${location.origin}/v1/courses/${encodeURIComponent(courseId)}/graphics/images' > render.json`,
        `jq '{receipt: .render.receipt, overlays: ${JSON.stringify(overlayList.map((t) => ({ type: t })))}}' render.json | curl -s -H "x-api-key: $CADDIE_API_KEY" -H 'content-type: application/json' -d @- "$(jq -r .render.overlaysUrl render.json)"`,
      ].join('\n')
    : `curl -H "x-api-key: $CADDIE_API_KEY" -o graphic.${format} '${getUrl}'`;

  useEffect(() => {
    if (!subject || !subjects) return;
    const url = `/console/api${path}`;
    const timer = setTimeout(() => {
      lastUrl.current = url;
      setRendering(true);
      setPreviewProblem(null);
      call(url)
        .then(async (response) => {
          const blob = await response.blob();
          if (lastUrl.current !== url) return;
          setPreview((old) => {
            if (old) URL.revokeObjectURL(old.url);
            return { url: URL.createObjectURL(blob), path, cacheState: response.headers.get('x-caddie-cache-state') ?? 'unknown', bytes: blob.size };
          });
        })
        .catch(async (e) => {
          if (lastUrl.current !== url) return;
          setPreviewProblem(e instanceof Response ? await problemOf(e) : asProblem(e));
          // the image of an earlier request must not pass for this one
          setPreview((old) => {
            if (old) URL.revokeObjectURL(old.url);
            return null;
          });
        })
        .finally(() => {
          if (lastUrl.current === url) setRendering(false);
        });
    }, 350);
    return () => clearTimeout(timer);
  }, [path, subjects]);

  // the overlays of the render the preview shows: resolved by the API from that render's receipt
  const previewPath = preview?.path;
  useEffect(() => {
    if (!previewPath) return;
    let current = true;
    setOverlayProblem(null);
    sendJson<ResolvedOverlays>(`/console/api${previewPath.replace('/graphics/images/', '/graphics/overlays/')}`, 'POST', {
      overlays: overlayList.map((type) => ({ type })),
    }).then(
      (answer) => {
        if (!current || !answer) return;
        setAllowed(answer.allowedOverlays);
        setResolved(answer);
      },
      (e) => {
        if (!current) return;
        setResolved(null);
        setOverlayProblem(asProblem(e));
      },
    );
    return () => {
      current = false;
    };
  }, [previewPath, overlayList.join(',')]);
  useEffect(() => {
    if (resolved && overlayCanvas.current) paintOverlays(overlayCanvas.current, resolved).catch((e) => setOverlayProblem(asProblem(e)));
  }, [resolved]);
  const drawn = resolved?.overlays ?? [];
  const toggle = (type: string, on: boolean) => setChosen((list) => (on ? [...list, type] : list.filter((t) => t !== type)));

  return (
    <div class="grid2 studio">
      <form class="panel" aria-label="Graphic options" onSubmit={(e) => e.preventDefault()}>
        {/* keyboard users reach the request to copy without tabbing through every option */}
        <a class="skip-inline" href="#api-request">
          Skip the options: go to the request to copy
        </a>
        <div class="field">
          <CourseSelect id="course" value={courseId} courses={courses} onChange={setCourseId} />
        </div>
        {subjectsProblem && <ProblemPanel problem={subjectsProblem} />}
        <div class="field">
          <label for="subject">Subject</label>
          <select id="subject" value={subject} onChange={(e) => setSubject((e.target as HTMLSelectElement).value)} disabled={!subjects}>
            {(subjects?.subjects ?? []).map((s) => (
              <option key={s.subject} value={s.subject}>
                {s.subject}
              </option>
            ))}
          </select>
        </div>
        <div class="row">
          <div class="field">
            <label for="style">Style</label>
            <select id="style" value={style} onChange={(e) => chooseStyle((e.target as HTMLSelectElement).value)}>
              {doc.styles.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </div>
          <div class="field">
            <label for="format">Format</label>
            <select id="format" value={format} onChange={(e) => setFormat((e.target as HTMLSelectElement).value)}>
              {doc.formats.map((f) => (
                <option key={f.id} value={f.id}>
                  {f.id}
                </option>
              ))}
            </select>
          </div>
        </div>
        {notices.length > 0 && (
          <div class="notice" role="status" data-testid="studio-notices">
            {notices.map((n) => (
              <p key={n}>{n}</p>
            ))}
          </div>
        )}
        <h2>
          Options for {type} in {style}
        </h2>
        <div class="options">
          {options.map((o) => (
            <OptionControl
              key={o.queryName}
              option={o}
              style={style}
              value={values[o.queryName!] ?? ''}
              onChange={(v) => setValues({ ...values, [o.queryName!]: v })}
            />
          ))}
        </div>
        <fieldset class="overlay-choices" data-testid="overlay-choices">
          <legend>Overlays drawn over the preview</legend>
          {offeredOverlays.length === 0 && <p>{current ? `A ${type} graphic takes no overlays.` : 'Choose a subject.'}</p>}
          {offeredOverlays.map((type) => {
            const on = chosen.includes(type);
            return (
              <label key={type} class="check">
                <input
                  type="checkbox"
                  checked={on}
                  disabled={!on && allowed !== null && !allowed.includes(type)}
                  onChange={(e) => toggle(type, (e.target as HTMLInputElement).checked)}
                />
                {type}
              </label>
            );
          })}
        </fieldset>
      </form>
      <section aria-labelledby="preview-heading">
        <h2 id="preview-heading">Preview</h2>
        <div class="panel preview">
          <p role="status" aria-live="polite" data-testid="preview-state">
            {rendering ? 'Rendering…' : preview ? `Cache state: ${preview.cacheState} · ${Math.round(preview.bytes / 1024)} kB` : 'Choose a subject'}
          </p>
          {previewProblem && <ProblemPanel problem={previewProblem} />}
          {overlayProblem && <ProblemPanel problem={overlayProblem} />}
          {preview && (
            <div class="overlaid">
              <img src={preview.url} alt={`Preview of ${subject} in the ${style} style`} data-testid="preview" />
              {drawn.length > 0 && (
                <canvas ref={overlayCanvas} role="img" aria-label={`Overlays: ${drawn.map((o) => o.type).join(', ')}`} data-testid="overlay-layer" />
              )}
            </div>
          )}
          {drawn.length > 0 && (
            <p data-testid="overlay-state">
              Overlays drawn: {drawn.map((o) => `${o.type} (${o.instructions.length} instruction${o.instructions.length === 1 ? '' : 's'})`).join(', ')}
            </p>
          )}
        </div>
        <h2 id="api-request" tabIndex={-1}>
          The same request through the API
        </h2>
        <CopyBlock label="GET URL" text={getUrl} testId="get-url" />
        <CopyBlock label="POST body" text={postBody} testId="post-body" />
        {overlaysBody && <CopyBlock label="overlays body" text={overlaysBody} testId="overlays-body" />}
        <CopyBlock label={overlayList.length ? 'curl lines' : 'curl line'} text={curl} testId="curl" />
        <p data-testid="key-help">
          POST the body to <code>/v1/courses/{courseId}/graphics/images</code> with a key; the key goes in the <code>x-api-key</code> header, never in the URL.
          {overlayList.length > 0 && (
            <>
              {' '}
              Overlays are a second call: POST the overlays body, with the <code>render.receipt</code> of the first answer, to its{' '}
              <code>render.overlaysUrl</code> (the curl lines use <code>jq</code> for that).
            </>
          )}{' '}
          <code>$CADDIE_API_KEY</code> is a shell variable holding one of your keys with the <code>course-graphics:read</code> scope: create one on{' '}
          <a href="keys.html">Keys and usage</a>, then <code>export CADDIE_API_KEY=…</code>. The console itself never holds a key.
        </p>
      </section>
    </div>
  );
}

function StudioPage() {
  const [doc, setDoc] = useState<StylesDocument | null>(null);
  const [courses, setCourses] = useState<DirectoryCourse[] | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  useEffect(() => {
    // the public options document itself: the form has no option list of its own
    call('/v1/styles')
      .then((r) => r.json())
      .then(setDoc, (e) => setProblem(asProblem(e)));
    getJson<{ courses: DirectoryCourse[] }>('courses').then(
      (d) => setCourses(d.courses),
      (e) => setProblem(asProblem(e)),
    );
  }, []);
  if (problem) return <ProblemPanel problem={problem} />;
  if (!doc || !courses) return <Loading what="the graphics options" />;
  if (courses.length === 0)
    return <ProblemPanel problem={{ status: 404, title: 'No courses', detail: 'Import or seed a course first (npm start seeds two demo courses).' }} />;
  return <Studio doc={doc} courses={courses} />;
}

mountPage('studio', 'Graphics studio', () => <StudioPage />);
