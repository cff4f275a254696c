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

/**
 * One worked example of an operation, shown in the OpenAPI document: parameter values, the
 * request body and the JSON answers by status. Values must fit the declared schemas.
 */
export interface OperationExample {
  summary: string;
  /** path and query parameter values, by name */
  parameters?: Record<string, string | number | boolean>;
  /** the request body; `bodies` overrides it per content type (e.g. multipart fields) */
  body?: unknown;
  bodies?: Record<string, unknown>;
  /** JSON answers by status */
  responses?: Record<number, unknown>;
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
  /** extra path parameters documented from another declaration (enums and descriptions of `subject`, `format`) */
  pathDoc?: Record<string, unknown>[];
  body?: z.ZodType;
  bodyDoc?: Record<string, unknown>;
  /** a body schema per content type, when they differ (multipart vs JSON) */
  bodyDocs?: Record<string, Record<string, unknown>>;
  bodyContentTypes?: string[];
  responses: Record<number, ResponseSpec>;
  /** problem codes this operation can answer with, beyond the auth and rate-limit ones */
  problems?: string[];
  deprecated?: boolean;
  /** served outside /v1 (health, metrics, docs) */
  unversioned?: boolean;
  /** left out of the OpenAPI document (e.g. the docs page itself) */
  hidden?: boolean;
  /** required of every documented operation (the OpenAPI test checks it) */
  example?: OperationExample;
}

/** The one declaration of a route: auth, validation, OpenAPI and the service catalog all read it. */
export const Operation = (spec: OperationSpec) => SetMetadata(OPERATION_METADATA, spec);
