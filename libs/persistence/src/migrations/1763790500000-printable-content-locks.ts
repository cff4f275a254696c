import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/** Leases that serialize create and delete of one printable package. Schema builder only (SQLite and PostgreSQL). */
export class PrintableContentLocks1763790500000 implements MigrationInterface {
  name = 'PrintableContentLocks1763790500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'printable_content_locks',
        columns: [
          { name: 'organization_id', type: 'varchar', length: '40', isPrimary: true },
          { name: 'content_key', type: 'varchar', length: '71', isPrimary: true },
          { name: 'holder', type: 'varchar', length: '40' },
          { name: 'expires_at', type: 'varchar', length: '32' },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('printable_content_locks');
  }
}
