import { MigrationInterface, QueryRunner, Table, TableForeignKey, TableIndex } from 'typeorm';

/** Organizations and API keys. Written with the schema builder so it runs on SQLite and PostgreSQL. */
export class Platform1763790000000 implements MigrationInterface {
  name = 'Platform1763790000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'organizations',
        columns: [
          { name: 'id', type: 'varchar', length: '40', isPrimary: true },
          { name: 'name', type: 'varchar', length: '200' },
          { name: 'created_at', type: 'varchar', length: '32' },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'api_keys',
        columns: [
          { name: 'id', type: 'varchar', length: '40', isPrimary: true },
          { name: 'organization_id', type: 'varchar', length: '40' },
          { name: 'name', type: 'varchar', length: '200' },
          { name: 'kind', type: 'varchar', length: '16' },
          { name: 'key_hash', type: 'varchar', length: '64' },
          { name: 'key_hint', type: 'varchar', length: '40' },
          { name: 'scopes', type: 'text' },
          { name: 'origins', type: 'text' },
          { name: 'datasets', type: 'text' },
          { name: 'rate_limit_per_minute', type: 'integer', isNullable: true },
          { name: 'created_at', type: 'varchar', length: '32' },
          { name: 'revoked_at', type: 'varchar', length: '32', isNullable: true },
        ],
        foreignKeys: [
          new TableForeignKey({
            columnNames: ['organization_id'],
            referencedTableName: 'organizations',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          }),
        ],
        indices: [
          new TableIndex({ name: 'uq_api_keys_hash', columnNames: ['key_hash'], isUnique: true }),
          new TableIndex({ name: 'idx_api_keys_organization', columnNames: ['organization_id'] }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('api_keys');
    await queryRunner.dropTable('organizations');
  }
}
