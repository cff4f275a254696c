import { COURSE_ID_PATTERN } from '@caddie/catalog';

/** What the operator CLIs print on stderr: one progress line redrawn in place, and worker failures. */
export const err = (line: string) => process.stderr.write(`${line}\n`);

export function progress(done: number, total: number, counts: Record<string, number> | string): void {
  const width = 30;
  const filled = total ? Math.round((done / total) * width) : width;
  const summary =
    typeof counts === 'string'
      ? counts
      : Object.entries(counts)
          .map(([k, v]) => `${v} ${k}`)
          .join(', ');
  process.stderr.write(`\r[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total}  ${summary}   `);
}

/** A worker's structured failure ({"code","detail"}) as "code: detail". */
export function failureText(reason: string): string {
  try {
    const parsed = JSON.parse(reason) as { code?: string; detail?: string };
    if (parsed.code) return `${parsed.code}: ${parsed.detail ?? ''}`;
  } catch {
    // plain text
  }
  return reason.slice(0, 300);
}

/**
 * The checks every course-addressed operator CLI makes on its arguments: a course id the API
 * would accept and a positive --timeout-seconds. Exits 2 with the reason when one fails;
 * returns the timeout in milliseconds.
 */
export function courseAndTimeoutOrExit(courseId: string, timeoutSeconds: string | undefined, usage: string): number {
  if (!COURSE_ID_PATTERN.test(courseId)) {
    err(`invalid-course-id: "${courseId}" is not a course id`);
    process.exit(2);
  }
  const timeoutMs = Number(timeoutSeconds) * 1000;
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) {
    err(`invalid-parameter: --timeout-seconds must be a positive number\n${usage}`);
    process.exit(2);
  }
  return timeoutMs;
}
