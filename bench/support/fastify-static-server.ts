/**
 * Reference server for bench:tiles: Fastify alone, serving every file under ROOT from memory
 * with the content type and a strong ETag, nothing else per request (no auth, rate limit,
 * logging, metrics or CORS). It shows what a Node HTTP server reaches on the same core, so the
 * report separates the API's own costs from those of Node's HTTP stack.
 *   node fastify-static-server.js ROOT PORT   (prints "ready" when listening)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import Fastify from 'fastify';

function filesUnder(root: string, dir = root, out = new Map<string, { bytes: Buffer; etag: string }>()) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) filesUnder(root, path, out);
    else out.set(`/${relative(root, path)}`, { bytes: readFileSync(path), etag: `"${out.size.toString(36)}"` });
  }
  return out;
}

const [root, port] = process.argv.slice(2);
const files = filesUnder(root);
const app = Fastify({ logger: false });
app.get('/*', (request, reply) => {
  const file = files.get(request.url);
  if (!file) return reply.code(404).send();
  return reply.header('content-type', 'image/webp').header('etag', file.etag).send(file.bytes);
});
app.listen({ port: Number(port), host: '127.0.0.1' }).then(() => console.log('ready'));
