/**
 * Streams a `.osm.pbf` region extract in three passes (relations, ways, nodes: the reverse of
 * the file order, so each pass knows what the next must keep) and keeps golf objects (golf=*,
 * leisure=golf_course, and the members and nodes they need). Memory follows the golf data, not
 * the region: a country file is never held whole. Then, as an XML extract of a course has them,
 * the context layers a course page draws (trees, buildings, roads, parking, water, land
 * surfaces): more passes find the nodes inside the courses' boundaries, the tagged nodes and
 * ways among them (and the multipolygons with a member way there, whole), then the rest of
 * those ways' nodes.
 */
import { createReadStream, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename } from 'node:path';
import type { Transform } from 'node:stream';
import { classifyFeature } from './layer-classification';
import { OsmImportError } from './osm-import.error';
import { parseOverpassElements, type ParsedInput } from './osm-parser';

interface PbfNode {
  type: 'node';
  id: number;
  lat: number;
  lon: number;
  tags?: Record<string, string>;
}
interface PbfWay {
  type: 'way';
  id: number;
  refs: number[];
  tags?: Record<string, string>;
}
interface PbfRelation {
  type: 'relation';
  id: number;
  members: { type: string; ref: number; role: string }[];
  tags?: Record<string, string>;
}
type PbfItem = PbfNode | PbfWay | PbfRelation | Record<string, unknown>;
type OsmTransformClass = new (options: { withTags: boolean; withInfo: boolean }) => Transform;

export interface PbfProgress {
  pass: 'relations' | 'ways' | 'nodes' | 'context nodes' | 'context ways' | 'context relation ways' | 'context way nodes';
  bytesRead: number;
  totalBytes: number;
}

/** Golf objects: everything the catalog can place on a course. */
export function isGolfObject(tags: Record<string, string> | undefined): boolean {
  return tags !== undefined && (tags['golf'] !== undefined || tags['leisure'] === 'golf_course');
}

/** Objects of a layer a course page draws that carry no golf tag (classified as XML imports classify them). */
function isContextObject(tags: Record<string, string> | undefined): boolean {
  if (!tags || isGolfObject(tags)) return false;
  return classifyFeature(tags, 'Polygon') !== null || classifyFeature(tags, 'LineString') !== null || classifyFeature(tags, 'Point') !== null;
}

/** Context is taken this far around a course boundary (as an XML extract cut around the course would hold it). */
const CONTEXT_MARGIN_DEGREES = 0.002;
/** Grid cell of the boundary index, degrees: a node is tested against the boundaries of its cell only. */
const INDEX_CELL_DEGREES = 0.05;

type Window = [number, number, number, number];

/** The bounding boxes of the course boundaries, indexed by grid cell. */
class BoundaryWindows {
  private readonly cells = new Map<string, Window[]>();
  size = 0;

  add([west, south, east, north]: Window): void {
    const w: Window = [west - CONTEXT_MARGIN_DEGREES, south - CONTEXT_MARGIN_DEGREES, east + CONTEXT_MARGIN_DEGREES, north + CONTEXT_MARGIN_DEGREES];
    for (let x = Math.floor(w[0] / INDEX_CELL_DEGREES); x <= Math.floor(w[2] / INDEX_CELL_DEGREES); x++) {
      for (let y = Math.floor(w[1] / INDEX_CELL_DEGREES); y <= Math.floor(w[3] / INDEX_CELL_DEGREES); y++) {
        const key = `${x}:${y}`;
        const list = this.cells.get(key);
        if (list) list.push(w);
        else this.cells.set(key, [w]);
      }
    }
    this.size++;
  }

  contains(lon: number, lat: number): boolean {
    const list = this.cells.get(`${Math.floor(lon / INDEX_CELL_DEGREES)}:${Math.floor(lat / INDEX_CELL_DEGREES)}`);
    return list !== undefined && list.some((w) => lon >= w[0] && lon <= w[2] && lat >= w[1] && lat <= w[3]);
  }
}

/** Bounding boxes of the leisure=golf_course ways and relations, from the golf nodes read. */
function boundaryWindows(nodes: PbfNode[], ways: PbfWay[], relations: PbfRelation[]): BoundaryWindows {
  const position = new Map(nodes.map((n) => [n.id, n]));
  const wayById = new Map(ways.map((w) => [w.id, w]));
  const windows = new BoundaryWindows();
  const boxOf = (refs: number[]): Window | null => {
    let box: Window | null = null;
    for (const ref of refs) {
      const n = position.get(ref);
      if (!n) continue;
      box = box ? [Math.min(box[0], n.lon), Math.min(box[1], n.lat), Math.max(box[2], n.lon), Math.max(box[3], n.lat)] : [n.lon, n.lat, n.lon, n.lat];
    }
    return box;
  };
  for (const way of ways) {
    const box = way.tags?.['leisure'] === 'golf_course' ? boxOf(way.refs) : null;
    if (box) windows.add(box);
  }
  for (const relation of relations) {
    if (relation.tags?.['leisure'] !== 'golf_course') continue;
    const box = boxOf(relation.members.filter((m) => m.type === 'way').flatMap((m) => wayById.get(m.ref)?.refs ?? []));
    if (box) windows.add(box);
  }
  return windows;
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
  // context multipolygons (a wood, a car park) are only candidates until a member way is found inside a course
  const contextRelations: PbfRelation[] = [];
  await streamPass(
    path,
    'relations',
    (item) => {
      if (item.type !== 'relation') return;
      const relation = item as PbfRelation;
      if (!isGolfObject(relation.tags)) {
        if (relation.tags?.['type'] === 'multipolygon' && isContextObject(relation.tags))
          contextRelations.push({ type: 'relation', id: relation.id, members: relation.members.filter((m) => m.type === 'way'), tags: relation.tags });
        return;
      }
      relations.push(relation);
      for (const m of relation.members) (m.type === 'way' ? memberWays : m.type === 'node' ? memberNodes : null)?.add(m.ref);
    },
    onProgress,
  );

  const ways: PbfWay[] = [];
  const neededNodes = memberNodes;
  await streamPass(
    path,
    'ways',
    (item) => {
      if (item.type !== 'way') return;
      const way = item as PbfWay;
      if (!isGolfObject(way.tags) && !memberWays.has(way.id)) return;
      ways.push(way);
      for (const ref of way.refs) neededNodes.add(ref);
    },
    onProgress,
  );

  const nodes: PbfNode[] = [];
  await streamPass(
    path,
    'nodes',
    (item) => {
      if (item.type !== 'node') return;
      const node = item as PbfNode;
      if (neededNodes.has(node.id) || isGolfObject(node.tags)) nodes.push({ type: 'node', id: node.id, lat: node.lat, lon: node.lon, tags: node.tags });
    },
    onProgress,
  );
  if (nodes.length === 0 && ways.length === 0 && relations.length === 0) return { format: 'osm-pbf', features: [] };

  // context layers inside the course boundaries: nodes there, the tagged ways using them, the rest of their nodes
  const windows = boundaryWindows(nodes, ways, relations);
  if (windows.size > 0) {
    const kept = new Set(nodes.map((n) => n.id));
    const inside = new Set<number>();
    await streamPass(
      path,
      'context nodes',
      (item) => {
        if (item.type !== 'node') return;
        const node = item as PbfNode;
        if (!windows.contains(node.lon, node.lat)) return;
        inside.add(node.id);
        if (!kept.has(node.id) && isContextObject(node.tags)) {
          nodes.push({ type: 'node', id: node.id, lat: node.lat, lon: node.lon, tags: node.tags });
          kept.add(node.id);
        }
      },
      onProgress,
    );
    const keptWays = new Set(ways.map((w) => w.id));
    const wanted = new Set<number>();
    const keepWay = (way: PbfWay) => {
      ways.push(way);
      keptWays.add(way.id);
      for (const ref of way.refs) if (!kept.has(ref)) wanted.add(ref);
    };
    const relationsOfWay = new Map<number, PbfRelation[]>();
    for (const relation of contextRelations) for (const m of relation.members) relationsOfWay.set(m.ref, [...(relationsOfWay.get(m.ref) ?? []), relation]);
    const touching = new Set<PbfRelation>();
    await streamPass(
      path,
      'context ways',
      (item) => {
        if (item.type !== 'way') return;
        const way = item as PbfWay;
        if (keptWays.has(way.id)) return;
        const isInside = way.refs.some((ref) => inside.has(ref));
        if (isInside) for (const relation of relationsOfWay.get(way.id) ?? []) touching.add(relation);
        if (isInside && isContextObject(way.tags)) keepWay(way);
      },
      onProgress,
    );
    inside.clear();
    // the multipolygons reaching into a course, whole: their member ways not read yet
    const memberWaysWanted = new Set([...touching].flatMap((r) => r.members.map((m) => m.ref)).filter((id) => !keptWays.has(id)));
    if (memberWaysWanted.size > 0) {
      await streamPass(
        path,
        'context relation ways',
        (item) => {
          if (item.type === 'way' && memberWaysWanted.has((item as PbfWay).id)) keepWay(item as PbfWay);
        },
        onProgress,
      );
    }
    relations.push(...touching);
    if (wanted.size > 0) {
      await streamPass(
        path,
        'context way nodes',
        (item) => {
          if (item.type !== 'node' || !wanted.has((item as PbfNode).id)) return;
          const node = item as PbfNode;
          nodes.push({ type: 'node', id: node.id, lat: node.lat, lon: node.lon, tags: node.tags });
          wanted.delete(node.id);
        },
        onProgress,
      );
    }
  }

  const elements = [
    ...nodes,
    ...ways.map((w) => ({ type: 'way', id: w.id, nodes: w.refs, tags: w.tags ?? {} })),
    ...relations.map((r) => ({ type: 'relation', id: r.id, members: r.members.map((m) => ({ type: m.type, ref: m.ref, role: m.role })), tags: r.tags ?? {} })),
  ];
  return { format: 'osm-pbf', features: parseOverpassElements(name, { elements }).features };
}
