import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';

/** Durable usage units (metering). Schema builder only, so it runs on SQLite and PostgreSQL. */
export class Usage1763790200000 implements MigrationInterface {
  name = 'Usage1763790200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'usage_units',
        columns: [
          { name: 'id', type: 'varchar', length: '64', isPrimary: true },
          { name: 'organization_id', type: 'varchar', length: '40' },
          { name: 'api_key_id', type: 'varchar', length: '40' },
          { name: 'scope', type: 'varchar', length: '64' },
          { name: 'request_id', type: 'varchar', length: '128' },
          { name: 'created_at', type: 'varchar', length: '32' },
        ],
        indices: [new TableIndex({ name: 'idx_usage_units_org_time', columnNames: ['organization_id', 'created_at'] })],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('usage_units');
  }
}
