import { SetMetadata } from '@nestjs/common';
import type { z } from 'zod';
import type { Scope } from '@caddie/access';

export const OPERATION_METADATA = 'caddie:operation';

/** Catalog services of `GET /v1/services`; routes outside them (courses, platform) are documented but not listed there. */
export type ServiceId = 'course-graphics' | 'course-maps' | 'course-printables' | 'scorecards';

/**
 * Who may call a route:
 * - `public`: no credential;
 * - `key`: any valid key with `scope`; publishable keys only from an allowed Origin and, when
 *   `browserScope` is set, only with that scope;
 * - `private-key`: private keys only; any Origin header is refused (server-to-server).
 */
export type Access = 'public' | 'key' | 'private-key';

export interface ResponseSpec {
  description: string;
  /** JSON body schema: a zod schema or a JSON Schema object */
  schema?: z.ZodType | Record<string, unknown>;
  /** non-JSON bodies, e.g. 'image/webp' */
  contentTypes?: string[];
  /** response header name (may carry OPERATOR_PLACEHOLDER) -> description */
  headers?: Record<string, string>;
}

/** The operator token in a declared header name (`{operator}-scorecard-normalization-version`). */
export const OPERATOR_PLACEHOLDER = '{operator}';

/** A header name as served: the placeholder replaced by the deployment's operator token. */
export function operatorHeaderName(declared: string, operatorToken: string): string {
  return declared.split(OPERATOR_PLACEHOLDER).join(operatorToken);
}

/** A request header an operation reads; its name may carry OPERATOR_PLACEHOLDER. */
export interface HeaderParameterSpec {
  name: string;
  required?: boolean;
  description: string;
  /** JSON Schema of the value */
  schema: Record<string, unknown>;
}

export interface OperationSpec {
  operationId: string;
  summary: string;
  description?: string;
  tags: readonly string[];
  service?: ServiceId;
  access: Access;
  scope?: Scope;
  browserScope?: Scope;
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** extra query parameters documented from another declaration (e.g. the graphics option table) */
  queryDoc?: Record<string, unknown>[];
  /** request headers the operation reads (documented as OpenAPI header parameters) */
  headers?: readonly HeaderParameterSpec[];
  body?: z.ZodType;
  bodyDoc?: Record<string, unknown>;
  bodyContentTypes?: string[];
  responses: Record<number, ResponseSpec>;
  /** problem codes this operation can answer with, beyond the auth and rate-limit ones */
  problems?: string[];
  deprecated?: boolean;
  /** served outside /v1 (health, metrics, docs) */
  unversioned?: boolean;
  /** left out of the OpenAPI document (e.g. the docs page itself) */
  hidden?: boolean;
}

/** The one declaration of a route: auth, validation, OpenAPI and the service catalog all read it. */
export const Operation = (spec: OperationSpec) => SetMetadata(OPERATION_METADATA, spec);
