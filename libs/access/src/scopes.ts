/**
 * Every scope a key can carry, and which kinds of key may carry it. The spec names
 * course-graphics:read, scorecards:process and scorecards:capture; the rest are the
 * decisions in docs/architecture.md ("Decisions on open points of the contract").
 */
export type KeyAudience = 'private' | 'publishable' | 'any';
/**
 * Who may put a scope on a key: an organization on its own keys (the console), or only the
 * operator of the deployment (`npm run keys`, run with the database's credentials).
 */
export type ScopeGrantor = 'organization' | 'operator';

export const SCOPES = {
  'courses:read': { grantor: 'organization', audience: 'any', description: 'Course summary, nearby search and the bulk directory.' },
  'course-data:read': { grantor: 'organization', audience: 'private', description: 'Course dataset bundles (server-to-server only).' },
  'course-graphics:read': { grantor: 'organization', audience: 'private', description: 'Graphics images, render descriptors and overlays.' },
  'course-graphics:browser': {
    grantor: 'organization',
    audience: 'publishable',
    description: "Separately licensed browser use of graphics, from the key's exact allowed origins.",
  },
  'course-maps:read': { grantor: 'organization', audience: 'any', description: 'Tile plans, XYZ tiles, static maps and PMTiles archives.' },
  'printables:read': { grantor: 'organization', audience: 'any', description: 'Read printables and their templates.' },
  'printables:write': { grantor: 'organization', audience: 'private', description: 'Create, compile and delete printables.' },
  'scorecards:process': { grantor: 'organization', audience: 'private', description: 'Scorecard normalization and processing.' },
  'scorecards:capture': { grantor: 'organization', audience: 'publishable', description: 'Browser scorecard capture (never the private endpoints).' },
  'operations:read': {
    grantor: 'operator',
    audience: 'private',
    description: 'Prometheus metrics of the API process (operators and their scrapers only; granted only with npm run keys, never in the console).',
  },
} as const satisfies Record<string, { grantor: ScopeGrantor; audience: KeyAudience; description: string }>;

export type Scope = keyof typeof SCOPES;
export const ALL_SCOPES = Object.keys(SCOPES) as Scope[];

/** The scopes an organization may grant its own keys (the console offers only these). */
export const ORGANIZATION_SCOPES = ALL_SCOPES.filter((scope) => SCOPES[scope].grantor === 'organization');

export function isScope(value: string): value is Scope {
  return Object.prototype.hasOwnProperty.call(SCOPES, value);
}
