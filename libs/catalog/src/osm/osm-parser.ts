/**
 * Reads OSM XML, Overpass JSON and GeoJSON into TaggedFeatures. The format is detected from
 * content, never from the file name. osmtogeojson builds multipolygon relations (inner rings,
 * relation-mapped areas) for the two raw OSM formats.
 */
import { DOMParser, onErrorStopParsing } from '@xmldom/xmldom';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import type { CourseGeometry } from '../model';
import { osmXmlEditTimes } from './osm-edit-times';
import { OsmImportError } from './osm-import.error';
import type { OsmInputFormat, TaggedFeature } from './tagged-feature';

type OsmToGeoJson = (data: unknown, options?: { flatProperties?: boolean }) => FeatureCollection;
// osmtogeojson ships no type declarations; a local require keeps the typing to this one file.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const osmtogeojson = require('osmtogeojson') as OsmToGeoJson;

const SUPPORTED_GEOMETRIES = new Set(['Point', 'LineString', 'MultiLineString', 'Polygon', 'MultiPolygon']);
/** golf=* values that are lines even when their way is closed (osmtogeojson makes every closed golf way an area). */
const LINEAR_GOLF_VALUES = new Set(['hole', 'cartpath', 'path']);

export interface ParsedInput {
  format: OsmInputFormat;
  features: TaggedFeature[];
}

export function decodeContent(content: Buffer | string): string {
  const text = typeof content === 'string' ? content : content.toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

export function detectOsmFormat(name: string, text: string): { format: Exclude<OsmInputFormat, 'osm-pbf'>; json?: unknown } {
  const head = text.trimStart();
  if (head.length === 0) throw new OsmImportError('OSM_INPUT_EMPTY', name, 'the input is empty');
  if (head.startsWith('<')) return { format: 'osm-xml' };
  if (head.startsWith('{') || head.startsWith('[')) {
    let json: unknown;
    try {
      json = JSON.parse(head);
    } catch (error) {
      throw new OsmImportError('OSM_JSON_MALFORMED', name, `invalid JSON (${(error as Error).message})`);
    }
    const record = json as Record<string, unknown> | null;
    if (record && !Array.isArray(record) && Array.isArray(record['elements'])) return { format: 'overpass-json', json };
    if (record && (record['type'] === 'FeatureCollection' || record['type'] === 'Feature')) return { format: 'geojson', json };
    throw new OsmImportError('OSM_FORMAT_UNKNOWN', name, 'JSON is neither Overpass output (an "elements" array) nor a GeoJSON Feature or FeatureCollection');
  }
  throw new OsmImportError('OSM_FORMAT_UNKNOWN', name, 'content is neither XML nor JSON');
}

export function parseOsmInput(name: string, content: Buffer | string): ParsedInput {
  const text = decodeContent(content);
  const detected = detectOsmFormat(name, text);
  switch (detected.format) {
    case 'osm-xml': {
      const features = fromOsmToGeoJson(name, osmtogeojson(parseOsmXml(name, text)));
      const edited = osmXmlEditTimes(text);
      for (const feature of features) {
        const time = edited.get(feature.id);
        if (time !== undefined) feature.editedAt = time;
      }
      return { format: 'osm-xml', features };
    }
    case 'overpass-json':
      return { format: 'overpass-json', features: fromOverpass(name, detected.json) };
    case 'geojson':
      return { format: 'geojson', features: fromGeoJson(name, detected.json) };
  }
}

/**
 * Editing metadata the catalog never reads. Dropping it before the DOM is built halves the
 * text xmldom has to parse (Augusta: 3.4 MB → 1.7 MB). Raw quotes cannot occur inside XML
 * attribute values, so the pattern cannot reach into a tag value.
 */
const OSM_METADATA_ATTRIBUTES = / (?:visible|changeset|timestamp|user|uid)="[^"]*"/g;

function parseOsmXml(name: string, text: string): unknown {
  let doc: ReturnType<DOMParser['parseFromString']>;
  try {
    doc = new DOMParser({ onError: onErrorStopParsing }).parseFromString(text.replace(OSM_METADATA_ATTRIBUTES, ''), 'text/xml');
  } catch (error) {
    throw new OsmImportError('OSM_XML_MALFORMED', name, `XML does not parse (${(error as Error).message})`);
  }
  const root = doc.documentElement;
  if (!root || root.nodeName !== 'osm') {
    throw new OsmImportError('OSM_XML_MALFORMED', name, `root element is <${root?.nodeName ?? 'none'}>, expected <osm>`);
  }
  return doc;
}

/** Overpass-shaped elements from any source (an Overpass answer, a streamed PBF extract). */
export function parseOverpassElements(name: string, json: unknown): ParsedInput {
  return { format: 'overpass-json', features: fromOverpass(name, json) };
}

function fromOverpass(name: string, json: unknown): TaggedFeature[] {
  const elements = (json as { elements: unknown[] }).elements;
  for (const element of elements) {
    const e = element as Record<string, unknown> | null;
    if (!e || typeof e['type'] !== 'string' || (typeof e['id'] !== 'number' && typeof e['id'] !== 'string')) {
      throw new OsmImportError('OSM_OVERPASS_MALFORMED', name, 'an element lacks a type or an id');
    }
  }
  try {
    return fromOsmToGeoJson(name, osmtogeojson(json));
  } catch (error) {
    throw new OsmImportError('OSM_OVERPASS_MALFORMED', name, `Overpass elements do not convert (${(error as Error).message})`);
  }
}

function fromOsmToGeoJson(name: string, collection: FeatureCollection): TaggedFeature[] {
  const features: TaggedFeature[] = [];
  for (const feature of collection.features) {
    const props = (feature.properties ?? {}) as { type?: string; id?: number | string; tags?: Record<string, unknown> };
    const id = props.type && props.id !== undefined ? `${props.type}/${props.id}` : String(feature.id);
    const tagged = toTaggedFeature(name, id, stringTags(props.tags ?? {}), feature.geometry);
    if (tagged) features.push(tagged);
  }
  return features;
}

function fromGeoJson(name: string, json: unknown): TaggedFeature[] {
  const root = json as { type: string; features?: unknown };
  const list: unknown[] = root.type === 'Feature' ? [root] : (root.features as unknown[]);
  if (!Array.isArray(list)) throw new OsmImportError('OSM_GEOJSON_MALFORMED', name, 'FeatureCollection has no "features" array');
  const features: TaggedFeature[] = [];
  list.forEach((item, index) => {
    const feature = item as Feature | null;
    if (!feature || feature.type !== 'Feature') {
      throw new OsmImportError('OSM_GEOJSON_MALFORMED', name, `features[${index}] is not a GeoJSON Feature`);
    }
    if (feature.geometry !== null && !validCoordinates(feature.geometry)) {
      throw new OsmImportError('OSM_GEOJSON_MALFORMED', name, `features[${index}] has invalid coordinates`);
    }
    const props = (feature.properties ?? {}) as Record<string, unknown>;
    // osmtogeojson output nests the tags; opengolfmap-style extracts keep them flat.
    const nested = props['tags'] && typeof props['tags'] === 'object' ? (props['tags'] as Record<string, unknown>) : null;
    const tags = stringTags(nested ?? omit(props, ['osm_type', 'osm_id']));
    const id = geoJsonFeatureId(feature, props) ?? `${name}#${index}`;
    const tagged = toTaggedFeature(name, id, tags, feature.geometry);
    if (tagged) features.push(tagged);
  });
  return features;
}

function geoJsonFeatureId(feature: Feature, props: Record<string, unknown>): string | null {
  const osmType = props['osm_type'] ?? (props['tags'] ? props['type'] : undefined);
  const osmId = props['osm_id'] ?? (props['tags'] ? props['id'] : undefined);
  if (typeof osmType === 'string' && (typeof osmId === 'number' || typeof osmId === 'string')) return `${osmType}/${osmId}`;
  if (typeof feature.id === 'string' && /^(node|way|relation)\/\d+$/.test(feature.id)) return feature.id;
  return null;
}

function validCoordinates(geometry: Geometry): boolean {
  if (geometry.type === 'GeometryCollection') return true;
  const check = (c: unknown, depth: number): boolean => {
    if (!Array.isArray(c)) return false;
    if (depth === 0) return c.length >= 2 && c.every((v) => typeof v === 'number' && Number.isFinite(v));
    return c.every((inner) => check(inner, depth - 1));
  };
  const depth = { Point: 0, MultiPoint: 1, LineString: 1, MultiLineString: 2, Polygon: 2, MultiPolygon: 3 }[geometry.type];
  return depth !== undefined && check((geometry as { coordinates: unknown }).coordinates, depth);
}

function toTaggedFeature(input: string, id: string, tags: Record<string, string>, geometry: Geometry | null): TaggedFeature | null {
  if (!geometry || !SUPPORTED_GEOMETRIES.has(geometry.type)) return null;
  return { id, tags, geometry: linearWhereTagged(tags, geometry as CourseGeometry), input };
}

/** A closed hole line or path must stay a line: its direction carries meaning. */
function linearWhereTagged(tags: Record<string, string>, geometry: CourseGeometry): CourseGeometry {
  const linear = LINEAR_GOLF_VALUES.has(tags['golf'] ?? '') || (tags['highway'] !== undefined && tags['area'] !== 'yes');
  if (linear && geometry.type === 'Polygon') return { type: 'LineString', coordinates: geometry.coordinates[0] };
  return geometry;
}

function stringTags(raw: Record<string, unknown>): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (typeof value === 'string') tags[key] = value;
    else if (typeof value === 'number' || typeof value === 'boolean') tags[key] = String(value);
  }
  return tags;
}

function omit(record: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  const copy = { ...record };
  for (const key of keys) delete copy[key];
  return copy;
}
