import { useEffect, useState } from 'preact/hooks';
import { asProblem, getJson, sendJson, type Problem } from '../api';
import { CourseSelect, Loading, mountPage, ProblemPanel } from '../shell';

interface OptionSchema {
  type: string;
  enum?: (string | number)[];
  minimum?: number;
  maximum?: number;
  description?: string;
  default?: unknown;
}
interface Template {
  id: string;
  name: string;
  description: string;
  options: { properties: Record<string, OptionSchema> };
}
interface Compiled {
  manifest: { pages: unknown[]; warnings?: { code: string; message: string }[] };
  previews: { index: number; dataUrl: string }[];
}
interface Printable {
  id: string;
  courseName: string;
  template: string;
  status: string;
  pages: { done: number; total: number };
  createdAt: string;
  error?: { code: string; detail: string };
  links?: { pdf: string; zip: string };
}

const PROGRESS_POLL_MS = 1000;
const SETTLED = new Set(['ready', 'failed']);

/** One control per template option: a select for enums, a checkbox for booleans, a number or text input otherwise. */
function OptionControl({ name, schema, value, onChange }: { name: string; schema: OptionSchema; value: unknown; onChange: (v: unknown) => void }) {
  const id = `opt-${name}`;
  const numeric = schema.type === 'integer' || schema.type === 'number';
  const hint = schema.description && <small id={`${id}-hint`}>{schema.description}</small>;
  if (schema.type === 'boolean') {
    return (
      <div class="field">
        <label style={{ fontWeight: 600 }}>
          <input
            type="checkbox"
            aria-describedby={`${id}-hint`}
            checked={Boolean(value ?? schema.default)}
            onChange={(e) => onChange((e.target as HTMLInputElement).checked)}
          />{' '}
          {name}
        </label>
        {hint}
      </div>
    );
  }
  return (
    <div class="field">
      <label for={id}>{name}</label>
      {schema.enum ? (
        <select
          id={id}
          aria-describedby={`${id}-hint`}
          value={String(value ?? schema.default ?? '')}
          onChange={(e) => onChange((e.target as HTMLSelectElement).value)}
        >
          {schema.enum.map((v) => (
            <option key={v} value={String(v)}>
              {String(v)}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          aria-describedby={`${id}-hint`}
          inputMode={numeric ? 'numeric' : 'text'}
          value={String(value ?? schema.default ?? '')}
          onInput={(e) => {
            const raw = (e.target as HTMLInputElement).value;
            onChange(numeric && /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw);
          }}
        />
      )}
      {hint}
    </div>
  );
}

function PrintablesPage() {
  const [courses, setCourses] = useState<{ id: string; name: string }[] | null>(null);
  const [templates, setTemplates] = useState<Template[]>([]);
  const [list, setList] = useState<Printable[] | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [formProblem, setFormProblem] = useState<Problem | null>(null);
  const [choice, setChoice] = useState({ courseId: '', template: '' });
  const [options, setOptions] = useState<Record<string, unknown>>({});
  const [compiled, setCompiled] = useState<Compiled | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [current, setCurrent] = useState<Printable | null>(null);
  const [zoomed, setZoomed] = useState<number | null>(null);

  const reload = () =>
    getJson<{ items: Printable[] }>('printables').then(
      (answer) => setList(answer.items),
      (e) => setProblem(asProblem(e)),
    );
  useEffect(() => {
    Promise.all([getJson<{ courses: { id: string; name: string }[] }>('courses'), getJson<{ items: Template[] }>('printables/templates')]).then(
      ([c, t]) => {
        setCourses(c.courses);
        setTemplates(t.items);
        setChoice({ courseId: c.courses[0]?.id ?? '', template: t.items[0]?.id ?? '' });
      },
      (e) => setProblem(asProblem(e)),
    );
    reload();
  }, []);
  // progress of the printable being made: read it until it is ready or failed
  useEffect(() => {
    if (!current || SETTLED.has(current.status)) return;
    const timer = setTimeout(
      () => getJson<Printable>(`printables/${encodeURIComponent(current.id)}`).then(setCurrent, (e) => setFormProblem(asProblem(e))),
      PROGRESS_POLL_MS,
    );
    return () => clearTimeout(timer);
  }, [current]);
  useEffect(() => {
    if (current && SETTLED.has(current.status)) reload();
  }, [current?.status]);

  if (problem) return <ProblemPanel problem={problem} />;
  if (!courses) return <Loading what="courses and templates" />;
  const template = templates.find((t) => t.id === choice.template);
  const body = () => ({ courseId: choice.courseId, template: choice.template, options });
  const run = (what: string, action: () => Promise<void>) => {
    setFormProblem(null);
    setBusy(what);
    action()
      .catch((error) => setFormProblem(asProblem(error)))
      .finally(() => setBusy(null));
  };
  const compile = () =>
    run('Compiling the preview…', async () => {
      setZoomed(null);
      setCompiled(await sendJson<Compiled>('printables/compile', 'POST', body()));
    });
  const create = (e: Event) => {
    e.preventDefault();
    run('Creating the printable…', async () => setCurrent(await sendJson<Printable>('printables', 'POST', body())));
  };
  const remove = (printable: Printable) => {
    if (!confirm(`Delete the ${printable.template} of ${printable.courseName}?`)) return;
    sendJson(`printables/${encodeURIComponent(printable.id)}`, 'DELETE').then(
      () => {
        if (current?.id === printable.id) setCurrent(null);
        reload();
      },
      (error) => setFormProblem(asProblem(error)),
    );
  };
  return (
    <>
      <div class="grid2">
        <form class="panel" onSubmit={create} aria-labelledby="make-heading">
          <h2 id="make-heading">Make a printable</h2>
          <div class="field">
            <CourseSelect id="p-course" value={choice.courseId} courses={courses} onChange={(courseId) => setChoice({ ...choice, courseId })} />
          </div>
          <div class="field">
            <label for="p-template">Template</label>
            <select
              id="p-template"
              aria-describedby="p-template-hint"
              value={choice.template}
              onChange={(e) => {
                setChoice({ ...choice, template: (e.target as HTMLSelectElement).value });
                setOptions({});
                setCompiled(null);
              }}
            >
              {templates.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name} ({t.id})
                </option>
              ))}
            </select>
            <small id="p-template-hint">{template?.description}</small>
          </div>
          <fieldset class="field options">
            <legend>Options</legend>
            {template &&
              Object.entries(template.options.properties).map(([name, schema]) => (
                <OptionControl
                  key={`${template.id}-${name}`}
                  name={name}
                  schema={schema}
                  value={options[name]}
                  onChange={(v) => setOptions({ ...options, [name]: v })}
                />
              ))}
          </fieldset>
          {formProblem && <ProblemPanel problem={formProblem} />}
          <div class="row">
            <button type="button" class="secondary" disabled={busy !== null} onClick={compile}>
              Compile a preview
            </button>
            <button type="submit" disabled={busy !== null}>
              Create the printable
            </button>
          </div>
          {busy && (
            <p class="loading" role="status" aria-live="polite">
              {busy}
            </p>
          )}
        </form>
        <section class="panel" aria-labelledby="preview-heading">
          <h2 id="preview-heading">Preview and progress</h2>
          {current && <Progress printable={current} />}
          {!compiled && !current && <p>Compile a preview to see the first pages; nothing is stored.</p>}
          {compiled && (
            <div data-testid="compiled">
              <p>
                {compiled.manifest.pages.length} page(s)
                {compiled.manifest.warnings?.length ? `; warnings: ${compiled.manifest.warnings.map((w) => w.message).join('; ')}` : ''}
              </p>
              <p>The first {compiled.previews.length} page(s); choose a page to see it at full width.</p>
              <div class={`previews ${zoomed !== null ? 'zoomed' : ''}`}>
                {compiled.previews.map((p) => (
                  <button
                    type="button"
                    key={p.index}
                    class={`preview-page ${zoomed === p.index ? 'zoomed' : ''}`}
                    aria-pressed={zoomed === p.index}
                    aria-label={`Page ${p.index + 1}${zoomed === p.index ? ' (full width; choose again to shrink)' : ' (choose to see it at full width)'}`}
                    onClick={() => setZoomed(zoomed === p.index ? null : p.index)}
                  >
                    <img src={p.dataUrl} alt={`Preview of page ${p.index + 1}`} data-testid="printable-preview" />
                  </button>
                ))}
              </div>
            </div>
          )}
        </section>
      </div>
      <section class="panel" aria-labelledby="list-heading" style={{ marginTop: '16px' }}>
        <h2 id="list-heading">Your printables</h2>
        {!list && <Loading what="the printables" />}
        {list && list.length === 0 && <p>None yet.</p>}
        {list && list.length > 0 && (
          <div class="table-wrap">
            <table data-testid="printables-list">
              <thead>
                <tr>
                  <th scope="col">Course</th>
                  <th scope="col">Template</th>
                  <th scope="col">Status</th>
                  <th scope="col">Created</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {list.map((p) => (
                  <tr key={p.id}>
                    <td>{p.courseName}</td>
                    <td>{p.template}</td>
                    <td>
                      {p.status} ({p.pages.done}/{p.pages.total})
                    </td>
                    <td>{p.createdAt.slice(0, 16).replace('T', ' ')}</td>
                    <td>
                      <button
                        type="button"
                        class="secondary"
                        aria-label={`Delete the ${p.template} of ${p.courseName} created ${p.createdAt}`}
                        onClick={() => remove(p)}
                      >
                        Delete
                      </button>{' '}
                      {p.status === 'ready' && (
                        <button
                          type="button"
                          class="secondary"
                          aria-label={`Open the ${p.template} of ${p.courseName} created ${p.createdAt}`}
                          onClick={() => getJson<Printable>(`printables/${encodeURIComponent(p.id)}`).then(setCurrent, (e) => setFormProblem(asProblem(e)))}
                        >
                          Open
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}

function Progress({ printable }: { printable: Printable }) {
  const { done, total } = printable.pages;
  return (
    <div data-testid="printable-progress" data-status={printable.status}>
      <p role="status" aria-live="polite">
        {printable.template} of {printable.courseName}: {printable.status}, {done} of {total} page(s) rendered
      </p>
      <progress max={total || 1} value={done} aria-label="Pages rendered" />
      {printable.error && <ProblemPanel problem={{ status: 500, title: printable.error.code, detail: printable.error.detail }} />}
      {printable.links && (
        <p>
          {/* download: the file is saved and the console stays open */}
          <a class="button" href={printable.links.pdf} download data-testid="printable-pdf">
            Download the PDF
          </a>{' '}
          <a href={printable.links.zip} download>
            Download the package (ZIP)
          </a>
        </p>
      )}
    </div>
  );
}

mountPage('printables', 'Printables', () => <PrintablesPage />);
