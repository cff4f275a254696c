import { MigrationInterface, QueryRunner, Table, TableForeignKey, TableIndex } from 'typeorm';

/** Course summaries (indexed by position for nearby search) and their full catalog documents. */
export class CourseCatalog1763790100000 implements MigrationInterface {
  name = 'CourseCatalog1763790100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'courses',
        columns: [
          { name: 'id', type: 'varchar', length: '100', isPrimary: true },
          { name: 'name', type: 'varchar', length: '300' },
          { name: 'city', type: 'varchar', length: '200', isNullable: true },
          { name: 'region', type: 'varchar', length: '200', isNullable: true },
          { name: 'country', type: 'varchar', length: '8', isNullable: true },
          { name: 'longitude', type: 'double precision', isNullable: true },
          { name: 'latitude', type: 'double precision', isNullable: true },
          { name: 'hole_count', type: 'integer' },
          { name: 'holes', type: 'text' },
          { name: 'active', type: 'boolean' },
          { name: 'has_elevation', type: 'boolean' },
          { name: 'classification', type: 'varchar', length: '80', isNullable: true },
          { name: 'revision', type: 'varchar', length: '71' },
          { name: 'updated_at', type: 'varchar', length: '32' },
        ],
        indices: [new TableIndex({ name: 'idx_courses_lat_lon', columnNames: ['latitude', 'longitude'] })],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'course_documents',
        columns: [
          { name: 'course_id', type: 'varchar', length: '100', isPrimary: true },
          { name: 'revision', type: 'varchar', length: '71' },
          { name: 'document', type: 'text' },
        ],
        foreignKeys: [new TableForeignKey({ columnNames: ['course_id'], referencedTableName: 'courses', referencedColumnNames: ['id'], onDelete: 'CASCADE' })],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('course_documents');
    await queryRunner.dropTable('courses');
  }
}
