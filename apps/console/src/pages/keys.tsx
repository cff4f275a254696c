import { useEffect, useState } from 'preact/hooks';
import { asProblem, getJson, sendJson, type Problem } from '../api';
import { CopyButton, Loading, mountPage, ProblemPanel } from '../shell';

interface Key {
  id: string;
  name: string;
  kind: string;
  hint: string;
  scopes: string[];
  origins: string[];
  createdAt: string;
  revokedAt: string | null;
}
interface KeysAnswer {
  keys: Key[];
  kinds: { id: string; description: string }[];
  scopes: { id: string; audience: string; description: string }[];
  organizationDatasets: string[];
}
interface Usage {
  usage: { scope: string; units: number }[];
  renders: number;
}

function KeysPage() {
  const [answer, setAnswer] = useState<KeysAnswer | null>(null);
  const [usage, setUsage] = useState<Usage | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [formProblem, setFormProblem] = useState<Problem | null>(null);
  const [created, setCreated] = useState<{ key: string; name: string } | null>(null);
  const [form, setForm] = useState({ name: '', kind: 'test', scopes: [] as string[], datasets: [] as string[], origins: '' });
  const reload = () => {
    getJson<KeysAnswer>('keys').then(setAnswer, (e) => setProblem(asProblem(e)));
    getJson<Usage>('usage').then(setUsage, (e) => setProblem(asProblem(e)));
  };
  useEffect(reload, []);
  if (problem) return <ProblemPanel problem={problem} />;
  if (!answer) return <Loading what="the keys" />;
  const publishable = form.kind.startsWith('pk_');
  const scopes = answer.scopes.filter((s) => s.audience === 'any' || s.audience === (publishable ? 'publishable' : 'private'));
  const create = (e: Event) => {
    e.preventDefault();
    setFormProblem(null);
    if (form.scopes.length === 0) {
      setFormProblem({
        status: 400,
        title: 'Choose at least one scope',
        detail: 'A key without scopes would be refused by every route. Tick what the key is for.',
      });
      document.getElementById('scopes-legend')?.focus();
      return;
    }
    const origins = form.origins
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean);
    sendJson<{ key: string; summary: Key }>('keys', 'POST', { name: form.name, kind: form.kind, scopes: form.scopes, datasets: form.datasets, origins }).then(
      (result) => {
        setCreated({ key: result!.key, name: result!.summary.name });
        setForm({ ...form, name: '', scopes: [], datasets: [] });
        reload();
      },
      (error) => setFormProblem(asProblem(error)),
    );
  };
  const revoke = (key: Key) => {
    if (!confirm(`Revoke ${key.name} (${key.hint})? Requests with it will be refused.`)) return;
    sendJson(`keys/${encodeURIComponent(key.id)}`, 'DELETE').then(reload, (error) => setFormProblem(asProblem(error)));
  };
  return (
    <>
      {created && (
        <div class="panel" role="alert" style={{ borderColor: '#1d5e34', marginBottom: '12px' }}>
          <strong>Key “{created.name}” created. Copy it now: it is shown only this once.</strong>
          <pre class="copy" data-testid="new-key">
            {created.key}
          </pre>
          <div class="row">
            <CopyButton text={created.key} label="Copy the new key" />
            <button type="button" class="secondary" onClick={() => setCreated(null)}>
              I have stored it
            </button>
          </div>
          <p>
            Send it in the <code>x-api-key</code> header. The studio's curl lines read it from the shell variable <code>CADDIE_API_KEY</code>:{' '}
            <code>export CADDIE_API_KEY=…</code>
          </p>
        </div>
      )}
      <div class="grid2">
        <form class="panel" onSubmit={create} aria-labelledby="create-heading">
          <h2 id="create-heading">Create a key</h2>
          {formProblem && <ProblemPanel problem={formProblem} />}
          <div class="field">
            <label for="key-name">Name</label>
            <input id="key-name" required maxLength={200} value={form.name} onInput={(e) => setForm({ ...form, name: (e.target as HTMLInputElement).value })} />
          </div>
          <fieldset class="field">
            <legend>Kind</legend>
            {answer.kinds.map((k) => (
              <label key={k.id} class="choice">
                <input type="radio" name="key-kind" value={k.id} checked={form.kind === k.id} onChange={() => setForm({ ...form, kind: k.id, scopes: [] })} />
                <span>
                  <code>{k.id}</code> <small>{k.description}</small>
                </span>
              </label>
            ))}
          </fieldset>
          <fieldset class="field">
            <legend id="scopes-legend" tabIndex={-1}>
              Scopes (at least one): what the key may call
            </legend>
            {scopes.map((s) => (
              <label key={s.id} class="choice">
                <input
                  type="checkbox"
                  aria-label={s.id}
                  checked={form.scopes.includes(s.id)}
                  onChange={(e) =>
                    setForm({ ...form, scopes: (e.target as HTMLInputElement).checked ? [...form.scopes, s.id] : form.scopes.filter((x) => x !== s.id) })
                  }
                />
                <span>
                  <code>{s.id}</code> <small>{s.description}</small>
                </span>
              </label>
            ))}
          </fieldset>
          {!publishable && (
            <fieldset class="field" data-testid="key-datasets">
              <legend>Course datasets the key may read (with course-data:read)</legend>
              <small>
                From this organization's grants ({answer.organizationDatasets.length}); <code>identity</code> is always included. More datasets are granted by
                the operator.
              </small>
              <div class="dataset-choices">
                {answer.organizationDatasets.map((d) => (
                  <label key={d} class="check">
                    <input
                      type="checkbox"
                      aria-label={`dataset ${d}`}
                      checked={d === 'identity' || form.datasets.includes(d)}
                      disabled={d === 'identity'}
                      onChange={(e) =>
                        setForm({ ...form, datasets: (e.target as HTMLInputElement).checked ? [...form.datasets, d] : form.datasets.filter((x) => x !== d) })
                      }
                    />
                    {d}
                  </label>
                ))}
              </div>
            </fieldset>
          )}
          {publishable && (
            <div class="field">
              <label for="key-origins">Origins (comma-separated)</label>
              <input
                id="key-origins"
                value={form.origins}
                onInput={(e) => setForm({ ...form, origins: (e.target as HTMLInputElement).value })}
                placeholder="https://app.example.com"
              />
            </div>
          )}
          <button type="submit">Create key</button>
        </form>
        <section aria-labelledby="keys-heading">
          <h2 id="keys-heading">Keys of this organization</h2>
          <p>
            The console reads course data with this organization's grants:{' '}
            <span data-testid="organization-datasets">{answer.organizationDatasets.join(', ')}</span>. Revoking a key does not change them.
          </p>
          <div class="table-wrap" tabIndex={0} role="region" aria-label="Keys of this organization (scrolls sideways)">
            <table>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Kind</th>
                  <th scope="col">Key</th>
                  <th scope="col">Scopes</th>
                  <th scope="col">State</th>
                </tr>
              </thead>
              <tbody>
                {answer.keys.map((k) => (
                  <tr key={k.id}>
                    <td>{k.name}</td>
                    <td>{k.kind}</td>
                    <td>
                      <code>{k.hint}</code>
                    </td>
                    <td>{k.scopes.join(', ')}</td>
                    <td>
                      {k.revokedAt ? (
                        `revoked ${k.revokedAt.slice(0, 10)}`
                      ) : (
                        <button type="button" class="secondary" onClick={() => revoke(k)} aria-label={`Revoke ${k.name}`}>
                          Revoke
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <h2>Usage</h2>
          {usage && (
            <p data-testid="render-count">
              Graphics renders started by this organization (cache misses it caused): <strong>{usage.renders}</strong>
            </p>
          )}
          {!usage ? (
            <Loading what="usage" />
          ) : usage.usage.length === 0 ? (
            <p>No metered usage yet.</p>
          ) : (
            <table>
              <thead>
                <tr>
                  <th scope="col">Metered scope</th>
                  <th scope="col">Units</th>
                </tr>
              </thead>
              <tbody>
                {usage.usage.map((u) => (
                  <tr key={u.scope}>
                    <td>{u.scope}</td>
                    <td>{u.units}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      </div>
    </>
  );
}

mountPage('keys', 'Keys and usage', () => <KeysPage />);
