/**
 * The /docs page: a navigation that groups the operations by service (the document's tags, one
 * per catalog service plus Courses, Catalog and Operations) beside the interactive Swagger UI,
 * whose deep links it uses. Built from the OpenAPI document, so it lists what is served.
 */

type Json = Record<string, unknown>;

/** Swagger UI's deep link of a tag or an operation (whitespace becomes underscores). */
export function docsAnchor(tag: string, operationId?: string): string {
  const slug = (s: string) => encodeURIComponent(s.trim().replace(/\s/g, '_'));
  return `#/${slug(tag)}${operationId ? `/${slug(operationId)}` : ''}`;
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

interface NavOperation {
  method: string;
  path: string;
  summary: string;
  operationId: string;
  deprecated: boolean;
}

/** Operations by tag, in the document's tag order. */
export function operationsByTag(document: Json): { name: string; description: string; operations: NavOperation[] }[] {
  const groups = ((document.tags ?? []) as { name: string; description?: string }[]).map((t) => ({
    name: t.name,
    description: t.description ?? '',
    operations: [] as NavOperation[],
  }));
  for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, Json>>)) {
    for (const [method, operation] of Object.entries(item)) {
      const tag = ((operation.tags ?? []) as string[])[0];
      let group = groups.find((g) => g.name === tag);
      if (!group) groups.push((group = { name: tag, description: '', operations: [] }));
      group.operations.push({
        method: method.toUpperCase(),
        path,
        summary: String(operation.summary ?? ''),
        operationId: String(operation.operationId),
        deprecated: operation.deprecated === true,
      });
    }
  }
  return groups.filter((g) => g.operations.length > 0);
}

export function docsPage(document: Json): string {
  const nav = operationsByTag(document)
    .map(
      (group) =>
        `<section><h2><a href="${docsAnchor(group.name)}">${escape(group.name)}</a></h2><p>${escape(group.description)}</p><ul>${group.operations
          .map(
            (o) =>
              `<li${o.deprecated ? ' class="deprecated"' : ''}><a href="${docsAnchor(group.name, o.operationId)}"><b>${o.method}</b> <code>${escape(o.path)}</code></a><br><span>${escape(o.summary)}</span></li>`,
          )
          .join('')}</ul></section>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Caddie API</title>
<link rel="stylesheet" href="/docs/assets/swagger-ui.css">
<style>
body{margin:0;display:flex;font-family:system-ui,sans-serif}
nav{width:330px;flex:none;height:100vh;overflow-y:auto;position:sticky;top:0;background:#f4f6f3;border-right:1px solid #d6dbd3;padding:12px 14px;box-sizing:border-box;font-size:13px}
nav h1{font-size:17px;margin:4px 0 10px}nav h2{font-size:14px;margin:16px 0 2px}nav p{margin:0 0 6px;color:#556}
nav ul{list-style:none;padding:0;margin:0}nav li{margin:5px 0}nav li.deprecated{opacity:.6}nav a{color:#14321f;text-decoration:none}nav a:hover{text-decoration:underline}
nav code{font-size:12px;word-break:break-all}#ui{flex:1;min-width:0}
</style></head><body>
<nav aria-label="Operations by service"><h1>Caddie API</h1><p><a href="/v1/openapi.json">OpenAPI 3.1 document</a> · <a href="/v1/problems">problem codes</a> · <a href="/v1/styles">graphics options</a></p>${nav}</nav>
<div id="ui"></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script>window.ui = SwaggerUIBundle({ url: '/v1/openapi.json', dom_id: '#ui', deepLinking: true, docExpansion: 'list', filter: true, displayOperationId: true, defaultModelsExpandDepth: 0 });</script>
</body></html>`;
}
