import { MigrationInterface, QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';

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
    // plain SQL, not today's entity metadata (a DataSource may run migrations without entities), naming
    // the table as the schema builder does (a PostgreSQL schema of its own in tests)
    const driver = queryRunner.connection.driver;
    const schema = (queryRunner.connection.options as { schema?: string }).schema;
    const table = schema ? `${driver.escape(schema)}.${driver.escape('catalog_state')}` : driver.escape('catalog_state');
    await queryRunner.query(`INSERT INTO ${table} (id, last_change) VALUES (1, 0)`);
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
