import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';

/** Printables (course-printables service). Schema builder only, so it runs on SQLite and PostgreSQL. */
export class Printables1763790300000 implements MigrationInterface {
  name = 'Printables1763790300000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'printables',
        columns: [
          { name: 'id', type: 'varchar', length: '40', isPrimary: true },
          { name: 'organization_id', type: 'varchar', length: '40' },
          { name: 'api_key_id', type: 'varchar', length: '40' },
          { name: 'course_id', type: 'varchar', length: '100' },
          { name: 'course_name', type: 'varchar', length: '300' },
          { name: 'course_name_folded', type: 'varchar', length: '300' },
          { name: 'course_revision', type: 'varchar', length: '71' },
          { name: 'template', type: 'varchar', length: '64' },
          { name: 'options', type: 'text' },
          { name: 'content_key', type: 'varchar', length: '71' },
          { name: 'status', type: 'varchar', length: '16' },
          { name: 'pages_total', type: 'integer' },
          { name: 'pages_done', type: 'integer' },
          { name: 'flow_job_id', type: 'varchar', length: '100', isNullable: true },
          { name: 'manifest', type: 'text' },
          { name: 'error', type: 'text', isNullable: true },
          { name: 'created_at', type: 'varchar', length: '32' },
          { name: 'updated_at', type: 'varchar', length: '32' },
          { name: 'deleted_at', type: 'varchar', length: '32', isNullable: true },
        ],
        indices: [
          new TableIndex({ name: 'idx_printables_org_created', columnNames: ['organization_id', 'created_at', 'id'] }),
          new TableIndex({ name: 'idx_printables_org_course_created', columnNames: ['organization_id', 'course_id', 'created_at', 'id'] }),
          new TableIndex({ name: 'idx_printables_org_content', columnNames: ['organization_id', 'content_key'] }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('printables');
  }
}
