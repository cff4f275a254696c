import { MigrationInterface, QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';
import { CatalogStateEntity } from '../entities/catalog-state.entity';

/**
 * The catalog change counter and each course's change number (incremental directory sync), and
 * an index in directory order so the directory is read in short pages.
 */
export class CatalogChanges1763790600000 implements MigrationInterface {
  name = 'CatalogChanges1763790600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'catalog_state',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true },
          { name: 'last_change', type: 'integer' },
        ],
      }),
    );
    await queryRunner.manager.createQueryBuilder().insert().into(CatalogStateEntity).values({ id: 1, lastChange: 0 }).execute();
    await queryRunner.addColumn('courses', new TableColumn({ name: 'catalog_change', type: 'integer', default: 0 }));
    await queryRunner.createIndex('courses', new TableIndex({ name: 'idx_courses_catalog_change', columnNames: ['catalog_change'] }));
    await queryRunner.createIndex('courses', new TableIndex({ name: 'idx_courses_directory_order', columnNames: ['name', 'id'] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('courses', 'idx_courses_directory_order');
    await queryRunner.dropIndex('courses', 'idx_courses_catalog_change');
    await queryRunner.dropColumn('courses', 'catalog_change');
    await queryRunner.dropTable('catalog_state');
  }
}
