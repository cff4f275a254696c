import type { DataSource } from 'typeorm';
import { ALL_SCOPES, ApiKeyRegistry, SCOPES } from '@caddie/access';
import { courseRevision, generateDemoCourses } from '@caddie/catalog';
import { CourseStore } from '@caddie/persistence';

/**
 * On an empty database: a development organization and one `<operator>_test_` key holding
 * every scope a private key can hold, with every dataset; the organization itself is
 * licensed for every dataset, so the console keeps working when that key is revoked. Returns the plaintext once, or null
 * when keys already exist.
 */
export async function createDevelopmentKeyIfNone(dataSource: DataSource, operatorToken: string): Promise<string | null> {
  const registry = new ApiKeyRegistry(dataSource, operatorToken);
  if ((await registry.count()) > 0) return null;
  const organization = await registry.createOrganization('Development organization', ['*']);
  const { key } = await registry.create({
    organizationId: organization.id,
    name: 'development key (created by npm start)',
    kind: 'test',
    scopes: ALL_SCOPES.filter((scope) => SCOPES[scope].audience !== 'publishable'),
    datasets: ['*'],
    grantedBy: 'operator',
  });
  return key;
}

/**
 * What a first run needs beyond migrations (npm start, and `migrate --first-run` in a deployment):
 * the first organization and key when there are no keys (its plaintext returned, shown once), and
 * the demo courses when the catalog is empty. Run again, it does nothing.
 */
export async function firstRunSetup(dataSource: DataSource, operatorToken: string): Promise<{ newKey: string | null; seededDemoCourses: boolean }> {
  const newKey = await createDevelopmentKeyIfNone(dataSource, operatorToken);
  const store = new CourseStore(dataSource);
  if ((await store.count()) > 0) return { newKey, seededDemoCourses: false };
  for (const course of generateDemoCourses()) await store.upsert(course, courseRevision(course));
  return { newKey, seededDemoCourses: true };
}
