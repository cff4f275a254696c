import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiProblem, type ParameterError } from '../problems/api-problem';
import { OPERATION_METADATA, type OperationSpec } from './operation.decorator';

type Location = 'params' | 'query' | 'body';

/** Validates one part of the request against the route's declared schema; all problems reported together. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, location: Location): z.infer<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const errors: ParameterError[] = result.error.issues.map((issue) => {
    if (issue.code === 'unrecognized_keys') {
      return { parameter: issue.keys.join(','), code: 'unknown-parameter', detail: `${location} has no parameter ${issue.keys.join(', ')}` };
    }
    const parameter = issue.path.length ? issue.path.join('.') : location;
    return { parameter, code: 'invalid-parameter', detail: `${parameter}: ${issue.message}` };
  });
  const onlyUnknown = errors.every((e) => e.code === 'unknown-parameter');
  throw new ApiProblem(onlyUnknown ? 'unknown-parameter' : 'invalid-parameter', errors.map((e) => e.detail).join('; '), { errors });
}

function decoratorFor(location: Location) {
  return createParamDecorator((_data: unknown, ctx: ExecutionContext) => {
    const spec: OperationSpec | undefined = Reflect.getMetadata(OPERATION_METADATA, ctx.getHandler());
    const schema = spec?.[location];
    if (!schema) throw new Error(`route ${ctx.getHandler().name} reads ${location} but declares no schema for it`);
    const request = ctx.switchToHttp().getRequest<FastifyRequest>();
    return parseInput(schema, request[location], location);
  })();
}

/** The route's `params`, validated by its declared schema. */
export const ValidParams = () => decoratorFor('params');
/** The route's `query`, validated by its declared schema. */
export const ValidQuery = () => decoratorFor('query');
/** The route's JSON body, validated by its declared schema. */
export const ValidBody = () => decoratorFor('body');
