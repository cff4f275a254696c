import type { ComponentChildren } from 'preact';
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { asProblem, loadSession, signOut, type Problem, type Session } from './api';
import './console.css';

const PAGES = [
  { href: 'index.html', id: 'courses', label: 'Courses' },
  { href: 'studio.html', id: 'studio', label: 'Graphics studio' },
  { href: 'scorecards.html', id: 'scorecards', label: 'Scorecards' },
  { href: 'printables.html', id: 'printables', label: 'Printables' },
  { href: 'keys.html', id: 'keys', label: 'Keys and usage' },
];

/** A problem document as the page shows it: its title and detail, never a blank panel. */
export function ProblemPanel({ problem }: { problem: Problem }) {
  return (
    <div class="problem" role="alert">
      <strong>{problem.title}</strong>
      {problem.detail && <p>{problem.detail}</p>}
    </div>
  );
}

/** The labelled course picker the studio, scorecards and printables pages share. */
export function CourseSelect({
  id,
  value,
  courses,
  onChange,
}: {
  id: string;
  value: string;
  courses: { id: string; name: string }[];
  onChange: (courseId: string) => void;
}) {
  return (
    <>
      <label for={id}>Course</label>
      <select id={id} value={value} onChange={(e) => onChange((e.target as HTMLSelectElement).value)}>
        {courses.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
    </>
  );
}

/** A button that puts text on the clipboard and says so (the text itself stays visible beside it). */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => {
        setState('copied');
        setTimeout(() => setState('idle'), 1500);
      },
      () => setState('failed'),
    );
  return (
    <button type="button" class="secondary" onClick={copy}>
      {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed: select the text' : label}
    </button>
  );
}

export function Loading({ what }: { what: string }) {
  return (
    <p class="loading" role="status" aria-live="polite">
      Loading {what}…
    </p>
  );
}

function SignedOut({ problem }: { problem?: Problem }) {
  return (
    <main id="main" class="signed-out">
      <h1>Caddie Console</h1>
      {problem && <ProblemPanel problem={problem} />}
      <p>
        Sign in with a one-time link: run <code>npm run console -- link</code> (or look for the link <code>npm start</code> prints) and open it in this browser.
      </p>
    </main>
  );
}

function Shell({ page, title, children }: { page: string; title: string; children: (session: Session) => ComponentChildren }) {
  const [session, setSession] = useState<Session | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [signedOut, setSignedOut] = useState(false);
  useEffect(() => {
    loadSession().then(setSession, (error) => setProblem(asProblem(error)));
  }, []);
  if (signedOut) return <SignedOut />;
  if (problem) return <SignedOut problem={problem} />;
  if (!session) return <Loading what="your session" />;
  const leave = () =>
    signOut().then(
      () => setSignedOut(true),
      (error) => setProblem(asProblem(error)),
    );
  return (
    <>
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header class="top">
        <span class="brand">Caddie Console</span>
        <nav aria-label="Console pages">
          <ul>
            {PAGES.map((p) => (
              <li key={p.id}>
                <a href={p.href} aria-current={p.id === page ? 'page' : undefined}>
                  {p.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <span class="org" title={session.organization.id}>
          {session.organization.name}
        </span>
        <button type="button" class="secondary" onClick={leave}>
          Sign out
        </button>
      </header>
      <main id="main">
        <h1>{title}</h1>
        {children(session)}
      </main>
    </>
  );
}

/** Renders a console page inside the shell once the session is known. */
export function mountPage(page: string, title: string, body: (session: Session) => ComponentChildren): void {
  render(<Shell page={page} title={title} children={body} />, document.getElementById('app')!);
}
