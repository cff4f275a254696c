import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/**
 * Dataset grants held by the organization itself. Until now the console derived them from the
 * union of the organization's keys, so revoking a key took data away from the console; the
 * column starts from that union so nobody loses access on upgrade.
 */
export class OrganizationGrants1763790700000 implements MigrationInterface {
  name = 'OrganizationGrants1763790700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('organizations', new TableColumn({ name: 'datasets', type: 'text', default: "'[]'" }));
    // raw SQL names the tables as the schema builder does (a PostgreSQL schema of its own in tests)
    const driver = queryRunner.connection.driver;
    const schema = (queryRunner.connection.options as { schema?: string }).schema;
    const table = (name: string) => (schema ? `${driver.escape(schema)}.${driver.escape(name)}` : driver.escape(name));
    const keys: { organization_id: string; datasets: string }[] = await queryRunner.query(`SELECT organization_id, datasets FROM ${table('api_keys')}`);
    const byOrganization = new Map<string, Set<string>>();
    for (const key of keys) {
      const granted = byOrganization.get(key.organization_id) ?? new Set<string>();
      for (const dataset of JSON.parse(key.datasets || '[]') as string[]) granted.add(dataset);
      byOrganization.set(key.organization_id, granted);
    }
    const placeholder = (n: number) => (driver.options.type === 'postgres' ? `$${n}` : '?');
    for (const [organizationId, datasets] of byOrganization) {
      await queryRunner.query(`UPDATE ${table('organizations')} SET datasets = ${placeholder(1)} WHERE id = ${placeholder(2)}`, [
        JSON.stringify([...datasets].sort()),
        organizationId,
      ]);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('organizations', 'datasets');
  }
}
