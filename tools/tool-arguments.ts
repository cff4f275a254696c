/** `--name value` arguments of the evaluation and training tools (process.argv). */

function valueOf(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at < 0 ? undefined : String(process.argv[at + 1]);
}

/** A numeric argument, or `fallback` when absent; anything but a finite number throws. */
export function argument(name: string, fallback: number): number {
  const raw = valueOf(name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value)) throw new Error(`--${name} needs a number`);
  return value;
}

/** A text argument, or undefined when absent. */
export function textArgument(name: string): string | undefined {
  return valueOf(name);
}

/** One of `allowed`, or `fallback` when absent; another value throws. */
export function choice<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
  const raw = valueOf(name);
  if (raw === undefined) return fallback;
  if (!allowed.includes(raw as T)) throw new Error(`--${name} takes one of ${allowed.join(', ')}`);
  return raw as T;
}

/** '2000x1500,1280x960' -> [{ width: 2000, height: 1500 }, { width: 1280, height: 960 }]. */
export function photoSizes(text: string): { width: number; height: number }[] {
  return text.split(',').map((part) => {
    const match = /^(\d+)x(\d+)$/.exec(part.trim());
    const width = match ? Number(match[1]) : 0;
    const height = match ? Number(match[2]) : 0;
    if (width < 320 || height < 240) throw new Error(`--sizes takes photo sizes such as 2000x1500,1280x960, not '${part}'`);
    return { width, height };
  });
}
