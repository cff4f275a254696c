import { Brackets, type DataSource, In, IsNull, type Repository } from 'typeorm';
import { PrintableEntity, type PrintableStatus } from './entities/printable.entity';

export const PRINTABLE_STATUSES: readonly PrintableStatus[] = ['queued', 'rendering', 'ready', 'failed'];
const UNSETTLED: PrintableStatus[] = ['queued', 'rendering'];

/** Filters of the printable search; every field narrows, none widens. */
export interface PrintableFilter {
  courseId?: string;
  template?: string;
  status?: PrintableStatus;
  /** ISO timestamps, inclusive lower and exclusive upper bound */
  createdFrom?: string;
  createdBefore?: string;
  /** free text on the course name (case-insensitive substring) */
  courseNameContains?: string;
}

/** Position after the last row of a page: newest first, ties broken by id. */
export interface PrintableCursor {
  createdAt: string;
  id: string;
}

export interface PrintablePage {
  items: PrintableEntity[];
  next: PrintableCursor | null;
}

export class InvalidCursorError extends Error {}

/** Cursors travel as opaque base64url tokens; a token that does not decode is the client's error. */
export function encodeCursor(cursor: PrintableCursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.id]), 'utf8').toString('base64url');
}

export function decodeCursor(token: string): PrintableCursor {
  try {
    const value = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(value) && value.length === 2 && value.every((v) => typeof v === 'string' && v.length > 0 && v.length <= 40)) {
      return { createdAt: value[0] as string, id: value[1] as string };
    }
  } catch {
    // falls through to the error below
  }
  throw new InvalidCursorError('the cursor is not one this API issued');
}

/** LIKE pattern of a literal substring (the escape character is given explicitly in the query). */
const likeLiteral = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Printables in the database. Every read is scoped to one organization: a printable of another
 * organization is indistinguishable from one that does not exist.
 */
export class PrintableStore {
  private readonly rows: Repository<PrintableEntity>;

  constructor(dataSource: DataSource) {
    this.rows = dataSource.getRepository(PrintableEntity);
  }

  async insert(row: PrintableEntity): Promise<void> {
    await this.rows.insert(row);
  }

  /** A live printable of the organization (deleted ones and other organizations' answer null). */
  findOwned(organizationId: string, id: string): Promise<PrintableEntity | null> {
    return this.rows.findOneBy({ organizationId, id, deletedAt: IsNull() });
  }

  /** The organization's printable, deleted or not (an Idempotency-Key replay still names a deleted one). */
  findOwnedEvenDeleted(organizationId: string, id: string): Promise<PrintableEntity | null> {
    return this.rows.findOneBy({ organizationId, id });
  }

  /** One page, newest first, strictly after the cursor. */
  async page(organizationId: string, filter: PrintableFilter, limit: number, after?: PrintableCursor): Promise<PrintablePage> {
    const query = this.rows.createQueryBuilder('p').where('p.organization_id = :organizationId', { organizationId }).andWhere('p.deleted_at IS NULL');
    if (filter.courseId) query.andWhere('p.course_id = :courseId', { courseId: filter.courseId });
    if (filter.template) query.andWhere('p.template = :template', { template: filter.template });
    if (filter.status) query.andWhere('p.status = :status', { status: filter.status });
    if (filter.createdFrom) query.andWhere('p.created_at >= :createdFrom', { createdFrom: filter.createdFrom });
    if (filter.createdBefore) query.andWhere('p.created_at < :createdBefore', { createdBefore: filter.createdBefore });
    if (filter.courseNameContains) {
      query.andWhere("p.course_name_folded LIKE :name ESCAPE '\\'", { name: likeLiteral(filter.courseNameContains) });
    }
    if (after) {
      query.andWhere(
        new Brackets((q) => {
          q.where('p.created_at < :afterCreated', { afterCreated: after.createdAt }).orWhere(
            new Brackets((tie) => tie.where('p.created_at = :afterCreated').andWhere('p.id < :afterId', { afterId: after.id })),
          );
        }),
      );
    }
    const items = await query
      .orderBy('p.created_at', 'DESC')
      .addOrderBy('p.id', 'DESC')
      .limit(limit + 1)
      .getMany();
    const more = items.length > limit;
    const pageItems = more ? items.slice(0, limit) : items;
    const last = pageItems[pageItems.length - 1];
    return { items: pageItems, next: more && last ? { createdAt: last.createdAt, id: last.id } : null };
  }

  /** Printables whose render has not settled yet (the status filter must see their true state). */
  unsettled(organizationId: string, limit: number): Promise<PrintableEntity[]> {
    return this.rows.find({ where: { organizationId, status: In(UNSETTLED), deletedAt: IsNull() }, order: { createdAt: 'ASC' }, take: limit });
  }

  /** Moves a printable forward; a settled (ready or failed) printable never changes again. */
  async advance(id: string, patch: Partial<Pick<PrintableEntity, 'status' | 'pagesDone' | 'error' | 'flowJobId'>>, updatedAt: string): Promise<void> {
    await this.rows.update({ id, status: In(UNSETTLED) }, { ...patch, updatedAt });
  }

  /**
   * Puts a live `ready` printable whose package went missing back in the queue under a new flow:
   * the one way a settled printable moves again. False when it is no longer live and ready.
   */
  async reopen(id: string, flowJobId: string, updatedAt: string): Promise<boolean> {
    const changed = await this.rows.update({ id, status: 'ready', deletedAt: IsNull() }, { status: 'queued', pagesDone: 0, flowJobId, updatedAt });
    return Boolean(changed.affected);
  }

  /**
   * Marks the printable deleted. `deleted` is the row when this call deleted it, `alreadyDeleted`
   * when an earlier DELETE did; `contentShared` says whether a live printable of the organization
   * still uses the same package (which must then stay).
   */
  async deleteOwned(
    organizationId: string,
    id: string,
    deletedAt: string,
  ): Promise<{ deleted: PrintableEntity | null; alreadyDeleted: boolean; contentShared: boolean }> {
    const row = await this.rows.findOneBy({ organizationId, id });
    if (!row || row.deletedAt) return { deleted: null, alreadyDeleted: Boolean(row), contentShared: false };
    const changed = await this.rows.update({ organizationId, id, deletedAt: IsNull() }, { deletedAt, updatedAt: deletedAt });
    if (!changed.affected) return { deleted: null, alreadyDeleted: true, contentShared: false };
    const sharing = await this.rows.countBy({ organizationId, contentKey: row.contentKey, deletedAt: IsNull() });
    return { deleted: row, alreadyDeleted: false, contentShared: sharing > 0 };
  }
}
