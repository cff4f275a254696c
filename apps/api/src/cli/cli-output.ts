/** What the operator CLIs print on stderr: one progress line redrawn in place, and worker failures. */
export const err = (line: string) => process.stderr.write(`${line}\n`);

export function progress(done: number, total: number, counts: Record<string, number> | string): void {
  const width = 30;
  const filled = total ? Math.round((done / total) * width) : width;
  const summary = typeof counts === 'string' ? counts : Object.entries(counts).map(([k, v]) => `${v} ${k}`).join(', ');
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
