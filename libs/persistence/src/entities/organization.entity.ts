import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('organizations')
export class OrganizationEntity {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id!: string;

  @Column({ type: 'varchar', length: 200 })
  name!: string;

  /** Course data datasets the organization is licensed for beyond `identity`; the console reads with these, a key holds a subset. */
  @Column({ type: 'simple-json', default: '[]' })
  datasets!: string[];

  /** ISO-8601 UTC; strings keep one column type on SQLite and PostgreSQL. */
  @Column({ name: 'created_at', type: 'varchar', length: 32 })
  createdAt!: string;
}
