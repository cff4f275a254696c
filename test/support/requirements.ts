/**
 * Tests that need something outside the repository (the shared data beside it, Chromium, the PDF
 * tools, redis-server, PyTorch) call `required` with what they need and whether it is there.
 * - Present: the tests run.
 * - Missing on a developer's machine: the tests skip, and the reason is printed where a person sees it.
 * - Missing under CI (the CI variable is set, as `.ci/run` runs): the suite fails, naming what to
 *   install, so a green CI run never hides a skipped test.
 */
export function required(what: string, present: boolean): boolean {
  if (present) return true;
  if (process.env.CI) throw new Error(`${what} is missing on this CI machine: .ci/run must install or provide it`);
  console.warn(`SKIPPED: ${what} is missing, so the tests that need it are skipped`);
  return false;
}
