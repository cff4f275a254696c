import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';

/** Console sign-in tokens and sessions. Schema builder only, so it runs on SQLite and PostgreSQL. */
export class Console1763790400000 implements MigrationInterface {
  name = 'Console1763790400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'console_credentials',
        columns: [
          { name: 'secret_hash', type: 'varchar', length: '64', isPrimary: true },
          { name: 'kind', type: 'varchar', length: '16' },
          { name: 'organization_id', type: 'varchar', length: '40' },
          { name: 'created_at', type: 'varchar', length: '32' },
          { name: 'expires_at', type: 'varchar', length: '32' },
          { name: 'used_at', type: 'varchar', length: '32', isNullable: true },
        ],
        indices: [new TableIndex({ name: 'idx_console_credentials_expiry', columnNames: ['expires_at'] })],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('console_credentials');
  }
}
