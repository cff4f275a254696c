/**
 * Every scope a key can carry, and which kinds of key may carry it. The spec names
 * course-graphics:read, scorecards:process and scorecards:capture; the rest are the
 * decisions in docs/architecture.md ("Decisions on open points of the contract").
 */
export type KeyAudience = 'private' | 'publishable' | 'any';

export const SCOPES = {
  'courses:read': { audience: 'any', description: 'Course summary, nearby search and the bulk directory.' },
  'course-data:read': { audience: 'private', description: 'Course dataset bundles (server-to-server only).' },
  'course-graphics:read': { audience: 'private', description: 'Graphics images, render descriptors and overlays.' },
  'course-graphics:browser': {
    audience: 'publishable',
    description: 'Separately licensed browser use of graphics, from the key\'s exact allowed origins.',
  },
  'course-maps:read': { audience: 'any', description: 'Tile plans, XYZ tiles, static maps and PMTiles archives.' },
  'printables:read': { audience: 'any', description: 'Read printables and their templates.' },
  'printables:write': { audience: 'private', description: 'Create, compile and delete printables.' },
  'scorecards:process': { audience: 'private', description: 'Scorecard normalization and processing.' },
  'scorecards:capture': { audience: 'publishable', description: 'Browser scorecard capture (never the private endpoints).' },
  'operations:read': { audience: 'private', description: 'Prometheus metrics of the API process (operators and their scrapers only).' },
} as const satisfies Record<string, { audience: KeyAudience; description: string }>;

export type Scope = keyof typeof SCOPES;
export const ALL_SCOPES = Object.keys(SCOPES) as Scope[];

export function isScope(value: string): value is Scope {
  return Object.prototype.hasOwnProperty.call(SCOPES, value);
}
