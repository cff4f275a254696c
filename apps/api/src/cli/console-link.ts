import type { DataSource } from 'typeorm';
import { ConsoleSessions } from '@caddie/console-session';

/** A one-time console sign-in link for an organization (the given one, or the development one). */
export async function createConsoleLink(
  db: DataSource,
  baseUrl: string,
  organizationId?: string,
): Promise<{ url: string; expiresAt: string; organization: { id: string; name: string } }> {
  const sessions = new ConsoleSessions(db);
  await sessions.sweep();
  const organization = await sessions.resolveOrganization(organizationId);
  const { token, expiresAt } = await sessions.createSignInToken(organization.id);
  return { url: `${baseUrl.replace(/\/$/, '')}/console/sign-in?token=${token}`, expiresAt, organization: { id: organization.id, name: organization.name } };
}
