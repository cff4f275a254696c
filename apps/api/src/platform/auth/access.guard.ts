import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { OPERATION_METADATA, type OperationSpec } from '../http/operation.decorator';
import { AccessPolicy } from './access-policy';

/** Applies the AccessPolicy of each Nest route's @Operation before its handler runs. */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly policy: AccessPolicy,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const spec = this.reflector.get<OperationSpec | undefined>(OPERATION_METADATA, context.getHandler());
    if (!spec) throw new Error(`route ${context.getClass().name}.${context.getHandler().name} has no @Operation`);
    const http = context.switchToHttp();
    await this.policy.check(spec, http.getRequest<FastifyRequest>(), http.getResponse<FastifyReply>());
    return true;
  }
}
