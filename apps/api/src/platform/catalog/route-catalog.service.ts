import { Injectable, type OnModuleInit, RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { DirectRoutes } from '../http/direct-routes';
import { OPERATION_METADATA, type OperationSpec } from '../http/operation.decorator';

export interface RouteEntry {
  method: string;
  /** full path in OpenAPI form, e.g. /v1/courses/{courseId} */
  path: string;
  spec: OperationSpec;
  matcher: RegExp;
}

export const API_PREFIX = 'v1';

const joinPath = (...parts: string[]) =>
  '/' +
  parts
    .flatMap((p) => p.split('/'))
    .filter(Boolean)
    .join('/');

function entryOf(method: string, nestPath: string, spec: OperationSpec): RouteEntry {
  const path = nestPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
  const pattern = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[A-Za-z0-9_]+\\?\}/g, '[^/]+');
  return { method, path, spec, matcher: new RegExp(`^${pattern}$`) };
}

/**
 * The routes this process really serves, read from the controllers and the direct routes at
 * start-up. The service catalog, the OpenAPI document and the 405 answers are generated from it,
 * so they cannot drift.
 */
@Injectable()
export class RouteCatalogService implements OnModuleInit {
  private entries: RouteEntry[] = [];

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly direct: DirectRoutes,
  ) {}

  onModuleInit(): void {
    const entries: RouteEntry[] = [];
    for (const wrapper of this.discovery.getControllers()) {
      const type = wrapper.metatype as (new (...args: unknown[]) => unknown) | null;
      if (!type) continue;
      const controllerPaths = ([] as string[]).concat(Reflect.getMetadata(PATH_METADATA, type) ?? '');
      for (const name of this.scanner.getAllMethodNames(type.prototype)) {
        const handler = (type.prototype as Record<string, unknown>)[name] as object;
        const methodPath: string | string[] | undefined = Reflect.getMetadata(PATH_METADATA, handler);
        if (methodPath === undefined) continue;
        const spec: OperationSpec | undefined = Reflect.getMetadata(OPERATION_METADATA, handler);
        if (!spec) throw new Error(`${type.name}.${name} is a route without @Operation`);
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
        for (const base of controllerPaths) {
          for (const sub of ([] as string[]).concat(methodPath))
            entries.push(entryOf(method, spec.unversioned ? joinPath(base, sub) : joinPath(API_PREFIX, base, sub), spec));
        }
      }
    }
    for (const route of this.direct.list()) entries.push(entryOf(route.method, joinPath(API_PREFIX, route.path), route.spec));
    const seen = new Set<string>();
    for (const entry of entries) {
      if (seen.has(entry.spec.operationId)) throw new Error(`duplicate operationId ${entry.spec.operationId}`);
      seen.add(entry.spec.operationId);
    }
    this.entries = entries.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
  }

  routes(): readonly RouteEntry[] {
    return this.entries;
  }

  /** Methods served at a concrete URL path (for 405 and Allow). */
  methodsFor(urlPath: string): string[] {
    return [...new Set(this.entries.filter((e) => e.matcher.test(urlPath)).map((e) => e.method))];
  }
}
