/**
 * Streams a `.osm.pbf` region extract in three passes (relations, ways, nodes: the reverse of
 * the file order, so each pass knows what the next must keep) and keeps only golf objects
 * (golf=*, leisure=golf_course, and the members and nodes they need). Memory follows the golf
 * data, not the region: a country file is never held whole. Context layers (roads, buildings,
 * woods without golf tags) are not taken from a region extract.
 */
import { createReadStream, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename } from 'node:path';
import type { Transform } from 'node:stream';
import { OsmImportError } from './osm-import.error';
import { parseOverpassElements, type ParsedInput } from './osm-parser';

interface PbfNode { type: 'node'; id: number; lat: number; lon: number; tags?: Record<string, string> }
interface PbfWay { type: 'way'; id: number; refs: number[]; tags?: Record<string, string> }
interface PbfRelation { type: 'relation'; id: number; members: { type: string; ref: number; role: string }[]; tags?: Record<string, string> }
type PbfItem = PbfNode | PbfWay | PbfRelation | Record<string, unknown>;
type OsmTransformClass = new (options: { withTags: boolean; withInfo: boolean }) => Transform;

export interface PbfProgress {
  pass: 'relations' | 'ways' | 'nodes';
  bytesRead: number;
  totalBytes: number;
}

/** Golf objects: everything the catalog can place on a course. */
export function isGolfObject(tags: Record<string, string> | undefined): boolean {
  return tags !== undefined && (tags['golf'] !== undefined || tags['leisure'] === 'golf_course');
}

// osm-pbf-parser-node is an ES module without CommonJS typings. Node's own require loads ES
// modules (20.19+); createRequire reaches it even under a test runner's module system.
function osmTransform(): OsmTransformClass {
  return (createRequire(__filename)('osm-pbf-parser-node') as { OSMTransform: OsmTransformClass }).OSMTransform;
}

async function streamPass(path: string, pass: PbfProgress['pass'], onItem: (item: PbfItem) => void, onProgress: (p: PbfProgress) => void): Promise<void> {
  const totalBytes = statSync(path).size;
  const OSMTransform = osmTransform();
  const source = createReadStream(path, { highWaterMark: 1 << 20 });
  let bytesRead = 0;
  source.on('data', (chunk) => {
    bytesRead += chunk.length;
    onProgress({ pass, bytesRead, totalBytes });
  });
  const parser = source.pipe(new OSMTransform({ withTags: true, withInfo: false }));
  try {
    for await (const batch of parser as AsyncIterable<PbfItem[] | PbfItem>) {
      for (const item of Array.isArray(batch) ? batch : [batch]) onItem(item);
    }
  } catch (error) {
    throw new OsmImportError('OSM_PBF_MALFORMED', basename(path), `the PBF stream does not decode (${(error as Error).message})`);
  }
}

export async function readOsmPbf(path: string, onProgress: (p: PbfProgress) => void = () => undefined): Promise<ParsedInput> {
  const name = basename(path);
  const relations: PbfRelation[] = [];
  const memberWays = new Set<number>();
  const memberNodes = new Set<number>();
  await streamPass(path, 'relations', (item) => {
    if (item.type !== 'relation') return;
    const relation = item as PbfRelation;
    if (!isGolfObject(relation.tags)) return;
    relations.push(relation);
    for (const m of relation.members) (m.type === 'way' ? memberWays : m.type === 'node' ? memberNodes : null)?.add(m.ref);
  }, onProgress);

  const ways: PbfWay[] = [];
  const neededNodes = memberNodes;
  await streamPass(path, 'ways', (item) => {
    if (item.type !== 'way') return;
    const way = item as PbfWay;
    if (!isGolfObject(way.tags) && !memberWays.has(way.id)) return;
    ways.push(way);
    for (const ref of way.refs) neededNodes.add(ref);
  }, onProgress);

  const nodes: PbfNode[] = [];
  await streamPass(path, 'nodes', (item) => {
    if (item.type !== 'node') return;
    const node = item as PbfNode;
    if (neededNodes.has(node.id) || isGolfObject(node.tags)) nodes.push({ type: 'node', id: node.id, lat: node.lat, lon: node.lon, tags: node.tags });
  }, onProgress);
  if (nodes.length === 0 && ways.length === 0 && relations.length === 0) return { format: 'osm-pbf', features: [] };

  const elements = [
    ...nodes,
    ...ways.map((w) => ({ type: 'way', id: w.id, nodes: w.refs, tags: w.tags ?? {} })),
    ...relations.map((r) => ({ type: 'relation', id: r.id, members: r.members.map((m) => ({ type: m.type, ref: m.ref, role: m.role })), tags: r.tags ?? {} })),
  ];
  return { format: 'osm-pbf', features: parseOverpassElements(name, { elements }).features };
}
