import { useEffect, useState } from 'preact/hooks';
import { asProblem, getJson, sendJson, type Problem } from '../api';
import { Loading, mountPage, ProblemPanel } from '../shell';

interface Key { id: string; name: string; kind: string; hint: string; scopes: string[]; origins: string[]; createdAt: string; revokedAt: string | null }
interface KeysAnswer { keys: Key[]; kinds: string[]; scopes: { id: string; audience: string }[] }
interface Usage { usage: { scope: string; units: number }[]; renders: number }

function KeysPage() {
  const [answer, setAnswer] = useState<KeysAnswer | null>(null);
  const [usage, setUsage] = useState<Usage | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [formProblem, setFormProblem] = useState<Problem | null>(null);
  const [created, setCreated] = useState<{ key: string; name: string } | null>(null);
  const [form, setForm] = useState({ name: '', kind: 'test', scopes: [] as string[], origins: '' });
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
    const origins = form.origins.split(',').map((o) => o.trim()).filter(Boolean);
    sendJson<{ key: string; summary: Key }>('keys', 'POST', { name: form.name, kind: form.kind, scopes: form.scopes, origins }).then(
      (result) => {
        setCreated({ key: result!.key, name: result!.summary.name });
        setForm({ ...form, name: '' });
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
          <button type="button" class="secondary" onClick={() => setCreated(null)}>
            I have stored it
          </button>
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
          <div class="field">
            <label for="key-kind">Kind</label>
            <select id="key-kind" value={form.kind} onChange={(e) => setForm({ ...form, kind: (e.target as HTMLSelectElement).value, scopes: [] })}>
              {answer.kinds.map((k) => (
                <option key={k} value={k}>
                  {k}
                </option>
              ))}
            </select>
          </div>
          <fieldset class="field">
            <legend>Scopes</legend>
            {scopes.map((s) => (
              <label key={s.id} style={{ fontWeight: 400 }}>
                <input
                  type="checkbox"
                  checked={form.scopes.includes(s.id)}
                  onChange={(e) => setForm({ ...form, scopes: (e.target as HTMLInputElement).checked ? [...form.scopes, s.id] : form.scopes.filter((x) => x !== s.id) })}
                />{' '}
                {s.id}
              </label>
            ))}
          </fieldset>
          {publishable && (
            <div class="field">
              <label for="key-origins">Origins (comma-separated)</label>
              <input id="key-origins" value={form.origins} onInput={(e) => setForm({ ...form, origins: (e.target as HTMLInputElement).value })} placeholder="https://app.example.com" />
            </div>
          )}
          <button type="submit">Create key</button>
        </form>
        <section aria-labelledby="keys-heading">
          <h2 id="keys-heading">Keys of this organization</h2>
          <div class="table-wrap">
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
