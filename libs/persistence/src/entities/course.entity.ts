import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** The summary row of one course layout: what the summary, nearby and directory endpoints read. */
@Entity('courses')
@Index('idx_courses_lat_lon', ['latitude', 'longitude'])
export class CourseEntity {
  @PrimaryColumn({ type: 'varchar', length: 100 })
  id!: string;

  @Column({ type: 'varchar', length: 300 })
  name!: string;

  @Column({ type: 'varchar', length: 200, nullable: true })
  city!: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  region!: string | null;

  @Column({ type: 'varchar', length: 8, nullable: true })
  country!: string | null;

  @Column({ type: 'double precision', nullable: true })
  longitude!: number | null;

  @Column({ type: 'double precision', nullable: true })
  latitude!: number | null;

  @Column({ name: 'hole_count', type: 'integer' })
  holeCount!: number;

  /** [{ number, available }] in hole order */
  @Column({ type: 'simple-json' })
  holes!: { number: number; available: boolean }[];

  /** active and backed by hole geometry: listed by nearby search and the directory */
  @Column({ type: 'boolean' })
  active!: boolean;

  @Column({ name: 'has_elevation', type: 'boolean' })
  hasElevation!: boolean;

  @Column({ type: 'varchar', length: 80, nullable: true })
  classification!: string | null;

  @Column({ type: 'varchar', length: 71 })
  revision!: string;

  @Column({ name: 'updated_at', type: 'varchar', length: 32 })
  updatedAt!: string;

  /** the catalog change that last wrote this row (see CatalogStateEntity) */
  @Column({ name: 'catalog_change', type: 'integer', default: 0 })
  catalogChange!: number;
}
