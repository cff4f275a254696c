import { createHash } from 'node:crypto';
import { canonicalJson } from '@caddie/catalog';
import { RENDERER_VERSION } from '@caddie/renderer';
import type { PrintableManifest } from './printable-manifest';

/** Bump whenever any printable page's content changes. */
export const PRINTABLES_VERSION = 'caddie-printables@1.0.0';

/** Identical printables (same course revision and normalized request) share this key. */
export function printableContentKey(manifest: PrintableManifest): string {
  const identity = {
    printables: PRINTABLES_VERSION,
    renderer: RENDERER_VERSION,
    courseId: manifest.courseId,
    revision: manifest.courseRevision,
    template: manifest.template,
    options: manifest.options,
  };
  return `sha256:${createHash('sha256').update(canonicalJson(identity)).digest('hex')}`;
}
