import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

export type PrintableStatus = 'queued' | 'rendering' | 'ready' | 'failed';

/**
 * One printable (yardage book, pin sheet, scorecard …) owned by an organization. The compiled
 * manifest is stored at creation; the render itself is a BullMQ flow whose parent job id is kept
 * here, and the stored package lives in the artifact store under the organization and content key.
 */
@Entity('printables')
@Index('idx_printables_org_created', ['organizationId', 'createdAt', 'id'])
@Index('idx_printables_org_course_created', ['organizationId', 'courseId', 'createdAt', 'id'])
@Index('idx_printables_org_content', ['organizationId', 'contentKey'])
export class PrintableEntity {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id!: string;

  @Column({ name: 'organization_id', type: 'varchar', length: 40 })
  organizationId!: string;

  @Column({ name: 'api_key_id', type: 'varchar', length: 40 })
  apiKeyId!: string;

  @Column({ name: 'course_id', type: 'varchar', length: 100 })
  courseId!: string;

  @Column({ name: 'course_name', type: 'varchar', length: 300 })
  courseName!: string;

  /** Lowercased course name, so free-text search behaves the same on SQLite and PostgreSQL. */
  @Column({ name: 'course_name_folded', type: 'varchar', length: 300 })
  courseNameFolded!: string;

  @Column({ name: 'course_revision', type: 'varchar', length: 71 })
  courseRevision!: string;

  /** e.g. yardage-book@1: the exact template version used, forever. */
  @Column({ type: 'varchar', length: 64 })
  template!: string;

  /** JSON of the normalized options (defaults filled). */
  @Column({ type: 'text' })
  options!: string;

  /** sha256:… of renderer, template and request: what identical requests share. */
  @Column({ name: 'content_key', type: 'varchar', length: 71 })
  contentKey!: string;

  @Column({ type: 'varchar', length: 16 })
  status!: PrintableStatus;

  @Column({ name: 'pages_total', type: 'integer' })
  pagesTotal!: number;

  @Column({ name: 'pages_done', type: 'integer' })
  pagesDone!: number;

  /** The flow's parent job on the render queue (null once the package was found stored). */
  @Column({ name: 'flow_job_id', type: 'varchar', length: 100, nullable: true })
  flowJobId!: string | null;

  /** JSON of the compiled manifest. */
  @Column({ type: 'text' })
  manifest!: string;

  /** JSON { code, detail } of a failed render. */
  @Column({ type: 'text', nullable: true })
  error!: string | null;

  @Column({ name: 'created_at', type: 'varchar', length: 32 })
  createdAt!: string;

  @Column({ name: 'updated_at', type: 'varchar', length: 32 })
  updatedAt!: string;

  /** Set by DELETE: the package is gone and reads answer 404, yet a repeated DELETE still answers 204. */
  @Column({ name: 'deleted_at', type: 'varchar', length: 32, nullable: true })
  deletedAt!: string | null;
}
