/** How much of a client's value a message quotes by default. */
export const INPUT_EXCERPT_CHARS = 80;

type Frame = { kind: 'array'; items: readonly unknown[]; next: number } | { kind: 'object'; keys: string[]; source: Record<string, unknown>; next: number };

/**
 * A JSON-like excerpt of a value a client sent, for messages about it: never longer than
 * `maxChars` plus an ellipsis, however large or deep the value (a 4 MB string or a 200,000-key
 * object once came back twice in one problem document). Iterative, and it stops writing, and
 * reading, as soon as the budget is spent.
 */
export function inputExcerpt(value: unknown, maxChars = INPUT_EXCERPT_CHARS): string {
  let text = '';
  let cut = false;
  const room = () => maxChars - text.length;
  const write = (piece: string) => {
    if (piece.length > room()) cut = true;
    text += cut ? piece.slice(0, Math.max(0, room())) : piece;
  };
  const stack: Frame[] = [];
  let current: unknown = value;
  let haveValue = true;
  while (room() > 0) {
    if (haveValue) {
      haveValue = false;
      if (Array.isArray(current)) {
        write('[');
        stack.push({ kind: 'array', items: current, next: 0 });
      } else if (current !== null && typeof current === 'object') {
        write('{');
        stack.push({ kind: 'object', keys: Object.keys(current), source: current as Record<string, unknown>, next: 0 });
      } else {
        write(scalar(current, room()));
      }
      continue;
    }
    const frame = stack[stack.length - 1];
    if (!frame) return text;
    const length = frame.kind === 'array' ? frame.items.length : frame.keys.length;
    if (frame.next >= length) {
      write(frame.kind === 'array' ? ']' : '}');
      stack.pop();
      continue;
    }
    if (frame.next > 0) write(',');
    if (frame.kind === 'array') current = frame.items[frame.next];
    else {
      const key = frame.keys[frame.next];
      write(`${scalar(key, room())}:`);
      current = frame.source[key];
    }
    frame.next++;
    haveValue = true;
  }
  return cut || stack.length || haveValue ? `${text}…` : text;
}

/** A scalar as JSON, reading no more of a long string than fits. */
function scalar(value: unknown, room: number): string {
  if (typeof value === 'string') return JSON.stringify(value.length > room ? value.slice(0, room) : value);
  if (value === undefined) return 'undefined';
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return JSON.stringify(value);
  return String(typeof value);
}
