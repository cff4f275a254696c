import type { KeyKind, Scope } from '@caddie/access';

/** The verified caller of a request, attached by the AccessGuard. */
export interface Principal {
  keyId: string;
  organizationId: string;
  kind: KeyKind;
  publishable: boolean;
  scopes: Scope[];
  origins: string[];
  /** dataset grants beyond identity */
  datasets: string[];
  rateLimitPerMinute: number | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
  }
}
