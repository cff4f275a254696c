/**
 * Client JSON may nest far deeper than any request of this API needs: JSON.parse reads 100,000
 * levels, while every recursive walker after it (validators, JSON.stringify, canonical JSON)
 * overflows the stack near 5,000 (issue 57). The body parser refuses such input up front.
 */
export const MAX_INPUT_DEPTH = 64;

export type InputPath = readonly (string | number)[];

interface Visit {
  value: unknown;
  depth: number;
  key: string | number | null;
  parent: Visit | null;
}

/**
 * The path of the first value nested deeper than `maxDepth` (the root is depth 0), or null.
 * Iterative, so the walk itself cannot overflow; each container is visited once.
 */
export function pathBeyondDepth(root: unknown, maxDepth = MAX_INPUT_DEPTH): InputPath | null {
  const pending: Visit[] = [{ value: root, depth: 0, key: null, parent: null }];
  while (pending.length) {
    const visit = pending.pop()!;
    if (visit.value === null || typeof visit.value !== 'object') continue;
    if (visit.depth >= maxDepth) {
      if (Array.isArray(visit.value) ? visit.value.length === 0 : Object.keys(visit.value).length === 0) continue;
      return pathOf(visit);
    }
    const depth = visit.depth + 1;
    if (Array.isArray(visit.value)) {
      for (let i = visit.value.length - 1; i >= 0; i--) pending.push({ value: visit.value[i], depth, key: i, parent: visit });
    } else {
      const entries = Object.entries(visit.value);
      for (let i = entries.length - 1; i >= 0; i--) pending.push({ value: entries[i][1], depth, key: entries[i][0], parent: visit });
    }
  }
  return null;
}

function pathOf(visit: Visit): InputPath {
  const path: (string | number)[] = [];
  for (let at: Visit | null = visit; at?.key !== null && at; at = at.parent) path.push(at.key);
  return path.reverse();
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** `options.hole[0].a`, with the middle of a long path left out so the text stays short. */
export function formatInputPath(path: InputPath, maxSegments = 8): string {
  const segment = (key: string | number, first: boolean) =>
    typeof key === 'number'
      ? `[${key}]`
      : IDENTIFIER.test(key)
        ? `${first ? '' : '.'}${key}`
        : `[${JSON.stringify(key.length > 40 ? `${key.slice(0, 40)}…` : key)}]`;
  const join = (keys: InputPath, first: boolean) => keys.map((key, i) => segment(key, first && i === 0)).join('');
  if (path.length <= maxSegments) return join(path, true) || '(the body)';
  const head = path.slice(0, maxSegments - 2);
  const tail = path.slice(-2);
  return `${join(head, true)}…(${path.length - head.length - tail.length} more levels)…${join(tail, false)}`;
}
