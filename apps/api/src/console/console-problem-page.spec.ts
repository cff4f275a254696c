import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiProblem } from '../platform/problems/api-problem';
import { consoleProblemPage, prefersHtml } from './console-problem-page';
import './console-problems';

describe('console problem page', () => {
  it('is chosen for browser navigations only; fetch() and API clients keep JSON', () => {
    expect(prefersHtml('text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,*/*;q=0.8')).toBe(true);
    expect(prefersHtml('*/*')).toBe(false);
    expect(prefersHtml(undefined)).toBe(false);
    expect(prefersHtml('application/json')).toBe(false);
    expect(prefersHtml('application/problem+json, text/html')).toBe(false);
  });

  it('writes the problem title and detail into the built page, escaped; null without a build', async () => {
    const root = mkdtempSync(join(tmpdir(), 'console-problem-'));
    const problem = new ApiProblem('not-found', 'No console page /console/<script>.html');
    expect(await consoleProblemPage(root, problem)).toBeNull();
    writeFileSync(join(root, 'problem.html'), '<main><div role="alert"><!--problem--></div></main>');
    const page = (await consoleProblemPage(root, problem))!;
    expect(page.body.toString()).toBe('<main><div role="alert"><strong>Not found</strong><p>No console page /console/&#60;script&#62;.html</p></div></main>');
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
  });
});
