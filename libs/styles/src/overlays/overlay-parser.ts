/**
 * Validates the `overlays` array of `POST /renders/{renderId}/overlays`: 1..64 strict items,
 * each with a known `type` the receipt allows and an optional `id`; omitted ids become
 * `${type}-${n}` (n counts that type's items in order). Every problem is reported together.
 */
import type { z } from 'zod';
import { OVERLAY_ITEMS_PER_REQUEST, OVERLAY_TYPES, type OverlayType } from '../options/graphics-vocabulary';
import { OverlayRequestError, type OverlayProblem } from './overlay-errors';
import { OVERLAY_ID_PATTERN } from './overlay-fields';
import { OVERLAY_SCHEMAS, type OverlayFields } from './overlay-schemas';

export type OverlayItem = { [T in OverlayType]: { id: string; type: T } & OverlayFields<T> }[OverlayType];
export type OverlayItemOf<T extends OverlayType> = Extract<OverlayItem, { type: T }>;

const isOverlayType = (value: unknown): value is OverlayType => typeof value === 'string' && (OVERLAY_TYPES as readonly string[]).includes(value);

export function parseOverlayItems(items: unknown, allowed: readonly OverlayType[]): OverlayItem[] {
  const problems: OverlayProblem[] = [];
  if (!Array.isArray(items)) {
    const code = items === undefined ? 'missing-parameter' : 'invalid-parameter';
    throw new OverlayRequestError([{ parameter: 'overlays', code, detail: 'overlays must be an array of overlay components' }]);
  }
  const { min, max } = OVERLAY_ITEMS_PER_REQUEST;
  if (items.length < min || items.length > max) {
    problems.push({ parameter: 'overlays', code: 'invalid-parameter', detail: `overlays must hold ${min}..${max} items, got ${items.length}` });
  }

  const parsed: ({ type: OverlayType; id?: string; fields: Record<string, unknown> } | null)[] = items.map((item, index) => {
    const at = `overlays[${index}]`;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      problems.push({ parameter: at, code: 'invalid-parameter', detail: 'an overlay item must be an object' });
      return null;
    }
    const { type, id, ...rest } = item as Record<string, unknown>;
    let idOk = true;
    if (id !== undefined && (typeof id !== 'string' || !OVERLAY_ID_PATTERN.test(id))) {
      problems.push({ parameter: `${at}.id`, code: 'invalid-parameter', detail: 'id must start with A-Za-z0-9 followed by up to 63 of A-Za-z0-9_-' });
      idOk = false;
    }
    if (type === undefined) {
      problems.push({ parameter: `${at}.type`, code: 'missing-parameter', detail: 'type is required' });
      return null;
    }
    if (!isOverlayType(type)) {
      problems.push({ parameter: `${at}.type`, code: 'invalid-parameter', detail: `type must be one of ${OVERLAY_TYPES.join(', ')}` });
      return null;
    }
    if (!allowed.includes(type)) {
      problems.push({ parameter: `${at}.type`, code: 'overlay-not-allowed', detail: `this render's receipt does not authorize ${type}` });
    }
    const result = (OVERLAY_SCHEMAS[type] as z.ZodType).safeParse(rest);
    if (!result.success) {
      problems.push(...result.error.issues.flatMap((issue) => issueProblems(at, issue)));
      return null;
    }
    return { type, id: idOk ? (id as string | undefined) : undefined, fields: result.data as Record<string, unknown> };
  });

  const ids = assignIds(parsed, problems);
  if (problems.length > 0) throw new OverlayRequestError(problems);
  return parsed.map((entry, index) => ({ id: ids[index], type: entry!.type, ...entry!.fields }) as OverlayItem);
}

/** Explicit ids first (duplicates are errors), then generated ones, which must not collide with them. */
function assignIds(parsed: ({ type: OverlayType; id?: string } | null)[], problems: OverlayProblem[]): string[] {
  const owner = new Map<string, number>();
  parsed.forEach((entry, index) => {
    if (!entry?.id) return;
    const first = owner.get(entry.id);
    if (first === undefined) owner.set(entry.id, index);
    else problems.push({ parameter: `overlays[${index}].id`, code: 'duplicate-overlay-id', detail: `id ${entry.id} is already used by overlays[${first}]` });
  });
  const counts = new Map<OverlayType, number>();
  return parsed.map((entry, index) => {
    if (!entry) return '';
    const n = (counts.get(entry.type) ?? 0) + 1;
    counts.set(entry.type, n);
    if (entry.id) return entry.id;
    const generated = `${entry.type}-${n}`;
    const first = owner.get(generated);
    if (first !== undefined) {
      problems.push({
        parameter: `overlays[${index}].id`,
        code: 'duplicate-overlay-id',
        detail: `the assigned id ${generated} is already used by overlays[${first}]; give this item its own id`,
      });
    }
    return generated;
  });
}

function issueProblems(at: string, issue: z.core.$ZodIssue): OverlayProblem[] {
  const path = pathText(at, issue.path);
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => ({
      parameter: pathText(path, [key]),
      code: 'unknown-parameter' as const,
      detail: `${key} is not a field of this component`,
    }));
  }
  if (issue.code === 'invalid_type' && /received undefined/.test(issue.message)) {
    return [{ parameter: path, code: 'missing-parameter', detail: issue.message }];
  }
  return [{ parameter: path, code: 'invalid-parameter', detail: issue.message }];
}

function pathText(base: string, path: readonly PropertyKey[]): string {
  return path.reduce<string>((text, key) => (typeof key === 'number' ? `${text}[${key}]` : `${text}.${String(key)}`), base);
}
