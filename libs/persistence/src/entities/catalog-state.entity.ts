import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The catalog's change counter: one row, raised by every course write in the same transaction.
 * Row-locking the counter orders concurrent writers, so a reader who saw change N has seen every
 * course written at N or before (what incremental directory sync relies on).
 */
@Entity('catalog_state')
export class CatalogStateEntity {
  @PrimaryColumn({ type: 'integer' })
  id!: number;

  @Column({ name: 'last_change', type: 'integer' })
  lastChange!: number;
}
