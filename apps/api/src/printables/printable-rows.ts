import { randomBytes } from 'node:crypto';
import type { PrintableEntity } from '@caddie/persistence';
import { printableContentKey, type PrintableManifest } from '@caddie/printables';

/** A new, queued printable of an organization for a compiled manifest (API create and the CLI). */
export function newPrintableRow(manifest: PrintableManifest, owner: { organizationId: string; keyId: string }): PrintableEntity {
  const createdAt = new Date().toISOString();
  return {
    id: `prt_${randomBytes(13).toString('hex')}`,
    organizationId: owner.organizationId,
    apiKeyId: owner.keyId,
    courseId: manifest.courseId,
    courseName: manifest.courseName,
    courseNameFolded: manifest.courseName.toLowerCase(),
    courseRevision: manifest.courseRevision,
    template: manifest.template,
    options: JSON.stringify(manifest.options),
    contentKey: printableContentKey(manifest),
    status: 'queued',
    pagesTotal: manifest.pages.length,
    pagesDone: 0,
    flowJobId: null,
    manifest: JSON.stringify(manifest),
    error: null,
    createdAt,
    updatedAt: createdAt,
    deletedAt: null,
  };
}

/** What the flow's jobs carry of a printable. */
export function flowBaseOf(row: PrintableEntity, manifest: PrintableManifest) {
  return {
    organizationId: row.organizationId,
    contentKey: row.contentKey,
    courseId: row.courseId,
    courseRevision: row.courseRevision,
    template: row.template,
    options: manifest.options,
  };
}
