import { randomBytes } from 'node:crypto';
import type { DataSource, Repository } from 'typeorm';
import { ApiKeyEntity, OrganizationEntity } from '@caddie/persistence';
import { AccessError } from './access-error';
import { generateKey, hashKey, isPublishable, KEY_KINDS, keyHint, parseKey, type KeyKind } from './api-key-format';
import { ALWAYS_GRANTED, expandDatasets } from './dataset-grants';
import { isScope, SCOPES, type Scope, type ScopeGrantor } from './scopes';

export interface CreateKeyInput {
  organizationId?: string;
  name: string;
  kind: string;
  scopes: string[];
  origins?: string[];
  datasets?: string[];
  rateLimitPerMinute?: number | null;
  /** who asks: an organization (the console) may not grant operator scopes; unset counts as an organization */
  grantedBy?: ScopeGrantor;
}

/** What may be shown about a key after creation: never the key or its hash. */
export interface ApiKeySummary {
  id: string;
  organizationId: string;
  name: string;
  kind: KeyKind;
  hint: string;
  scopes: Scope[];
  origins: string[];
  datasets: string[];
  rateLimitPerMinute: number | null;
  createdAt: string;
  revokedAt: string | null;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;

/** An exact browser origin: scheme, host and optional port, nothing else. */
function normalizeOrigin(origin: string): string {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    throw new AccessError('invalid-origin', `"${origin}" is not an origin like https://app.example.com`);
  }
  const secure = url.protocol === 'https:' || (url.protocol === 'http:' && ['localhost', '127.0.0.1'].includes(url.hostname));
  if (!secure || url.origin !== origin.replace(/\/$/, '') || url.pathname !== '/' || url.search || url.hash) {
    throw new AccessError('invalid-origin', `"${origin}" must be an exact https origin (http only for localhost), without path`);
  }
  return url.origin;
}

export class ApiKeyRegistry {
  private readonly keys: Repository<ApiKeyEntity>;
  private readonly organizations: Repository<OrganizationEntity>;

  constructor(
    dataSource: DataSource,
    private readonly operatorToken: string,
  ) {
    this.keys = dataSource.getRepository(ApiKeyEntity);
    this.organizations = dataSource.getRepository(OrganizationEntity);
  }

  async createOrganization(name: string, datasets: string[] = []): Promise<OrganizationEntity> {
    const organization = { id: newId('org'), name, datasets: grantable(datasets), createdAt: new Date().toISOString() };
    await this.organizations.insert(organization);
    return organization;
  }

  async findOrCreateOrganization(name: string): Promise<OrganizationEntity> {
    return (await this.organizations.findOneBy({ name })) ?? this.createOrganization(name);
  }

  /** Creates a key and returns its plaintext exactly once. */
  async create(input: CreateKeyInput): Promise<{ key: string; summary: ApiKeySummary }> {
    if (!(KEY_KINDS as readonly string[]).includes(input.kind)) {
      throw new AccessError('invalid-key-kind', `kind must be one of ${KEY_KINDS.join(', ')}`);
    }
    const kind = input.kind as KeyKind;
    const publishable = isPublishable(kind);
    if (!input.name.trim()) throw new AccessError('invalid-key-name', 'a key needs a name');
    // a key without scopes authenticates and then is refused everywhere: a mistake, never a useful key
    if (input.scopes.length === 0) throw new AccessError('scopes-required', 'a key needs at least one scope');
    const unknownScopes = input.scopes.filter((s) => !isScope(s));
    if (unknownScopes.length) throw new AccessError('unknown-scope', `unknown scopes: ${unknownScopes.join(', ')}`);
    const scopes = [...new Set(input.scopes)] as Scope[];
    const grantedBy = input.grantedBy ?? 'organization';
    const operatorOnly = scopes.filter((scope) => SCOPES[scope].grantor === 'operator');
    if (grantedBy === 'organization' && operatorOnly.length) {
      throw new AccessError(
        'scope-reserved-for-operator',
        `${operatorOnly.join(', ')} can only be granted by the operator (npm run keys), never by an organization`,
      );
    }
    for (const scope of scopes) {
      const audience = SCOPES[scope].audience;
      if ((audience === 'private' && publishable) || (audience === 'publishable' && !publishable)) {
        throw new AccessError('scope-not-allowed-for-key-kind', `${scope} cannot be given to a ${kind} key (${audience} keys only)`);
      }
    }
    const origins = [...new Set((input.origins ?? []).map(normalizeOrigin))];
    if (publishable && origins.length === 0) {
      throw new AccessError('origin-required', 'a publishable key needs at least one licensed browser origin');
    }
    if (!publishable && origins.length > 0) {
      throw new AccessError('origin-not-applicable', 'origins apply to publishable keys only');
    }
    const { datasets, unknown } = expandDatasets(input.datasets ?? []);
    if (unknown.length) throw new AccessError('unknown-dataset', `unknown datasets: ${unknown.join(', ')}`);
    const organizationId = input.organizationId ?? (await this.findOrCreateOrganization('Default organization')).id;
    if (!(await this.organizations.existsBy({ id: organizationId }))) {
      throw new AccessError('unknown-organization', `no organization ${organizationId}`);
    }
    const key = generateKey(this.operatorToken, kind);
    const entity: ApiKeyEntity = {
      id: newId('key'),
      organizationId,
      name: input.name.trim(),
      kind,
      keyHash: hashKey(key),
      keyHint: keyHint(key),
      scopes,
      origins,
      datasets: datasets.filter((d) => !ALWAYS_GRANTED.includes(d)),
      rateLimitPerMinute: input.rateLimitPerMinute ?? null,
      createdAt: new Date().toISOString(),
      revokedAt: null,
    };
    // the operator handing a key datasets licenses its organization for them (the console reads with the organization's grants)
    await this.grantDatasets(organizationId, entity.datasets);
    await this.keys.insert(entity);
    return { key, summary: toSummary(entity) };
  }

  /** The datasets an organization is licensed for, `identity` first; empty when there is no such organization. */
  async organizationGrants(organizationId: string): Promise<string[]> {
    const organization = await this.organizations.findOneBy({ id: organizationId });
    return organization ? [...ALWAYS_GRANTED, ...grantable(organization.datasets)] : [];
  }

  /** Adds datasets (names or groups, as for a key) to an organization's grants; returns the grants after. */
  async grantDatasets(organizationId: string, names: string[]): Promise<string[]> {
    const { datasets, unknown } = expandDatasets(names);
    if (unknown.length) throw new AccessError('unknown-dataset', `unknown datasets: ${unknown.join(', ')}`);
    const organization = await this.organizations.findOneBy({ id: organizationId });
    if (!organization) throw new AccessError('unknown-organization', `no organization ${organizationId}`);
    const merged = grantable([...organization.datasets, ...datasets]);
    if (merged.length !== grantable(organization.datasets).length) await this.organizations.update({ id: organizationId }, { datasets: merged });
    return [...ALWAYS_GRANTED, ...merged];
  }

  async list(): Promise<ApiKeySummary[]> {
    return (await this.keys.find({ order: { createdAt: 'ASC', id: 'ASC' } })).map(toSummary);
  }

  async count(): Promise<number> {
    return this.keys.count();
  }

  /** Returns false when no such key exists; revoking twice keeps the first time. */
  async revoke(id: string): Promise<boolean> {
    const key = await this.keys.findOneBy({ id });
    if (!key) return false;
    if (!key.revokedAt) await this.keys.update({ id }, { revokedAt: new Date().toISOString() });
    return true;
  }

  /** The stored key for a presented plaintext (revoked ones included: the caller decides), or null. */
  async findByPlaintext(key: string): Promise<ApiKeyEntity | null> {
    const parsed = parseKey(key);
    if (!parsed || parsed.operator !== this.operatorToken) return null;
    const found = await this.keys.findOneBy({ keyHash: hashKey(key) });
    return found && found.kind === parsed.kind ? found : null;
  }
}

/** Dataset keywords in catalog order without the always-granted ones (unknown names dropped). */
function grantable(names: string[]): string[] {
  return expandDatasets(names).datasets.filter((d) => !ALWAYS_GRANTED.includes(d));
}

function toSummary(entity: ApiKeyEntity): ApiKeySummary {
  return {
    id: entity.id,
    organizationId: entity.organizationId,
    name: entity.name,
    kind: entity.kind,
    hint: entity.keyHint,
    scopes: entity.scopes as Scope[],
    origins: entity.origins,
    datasets: [...ALWAYS_GRANTED, ...entity.datasets],
    rateLimitPerMinute: entity.rateLimitPerMinute,
    createdAt: entity.createdAt,
    revokedAt: entity.revokedAt,
  };
}
