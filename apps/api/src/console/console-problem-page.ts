import { ApiProblem } from '../platform/problems/api-problem';
import { PROBLEM_CODES } from '../platform/problems/problem-catalog';
import { readConsoleAsset, type ConsoleAsset } from './console-assets';

/** The built page a console problem is written into; the marker is where its title and detail go. */
const PROBLEM_PAGE = 'problem.html';
const PROBLEM_MARKER = '<!--problem-->';

/**
 * True for a browser navigating (it lists text/html in Accept); fetch() and API clients send
 * `*\/*` or application/json and keep getting the problem document.
 */
export function prefersHtml(accept: string | undefined): boolean {
  const types = (accept ?? '').split(',').map((t) => t.split(';')[0].trim().toLowerCase());
  const html = types.indexOf('text/html');
  const json = types.findIndex((t) => t === 'application/json' || t === 'application/problem+json');
  return html >= 0 && (json < 0 || html < json);
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The console's problem page (HTML, with the page headers) for a problem, or null when the console is not built. */
export async function consoleProblemPage(root: string, problem: ApiProblem): Promise<ConsoleAsset | null> {
  const page = await readConsoleAsset(root, PROBLEM_PAGE);
  const html = page?.body.toString('utf8');
  if (!page || !html?.includes(PROBLEM_MARKER)) return null;
  const title = PROBLEM_CODES[problem.code].title;
  const body = Buffer.from(html.replace(PROBLEM_MARKER, `<strong>${escapeHtml(title)}</strong><p>${escapeHtml(problem.detail)}</p>`), 'utf8');
  return { body, headers: { ...page.headers, 'cache-control': 'no-store' } };
}
