import { OsmImportError } from './osm-import.error';
import { parseOsmInput } from './osm-parser';

/** A fairway multipolygon with an inner ring (a bunker island), and a closed hole way. */
const OSM_XML = `<?xml version="1.0" encoding="UTF-8"?>
<osm version="0.6">
 <node id="1" lat="50.000" lon="10.000"/><node id="2" lat="50.000" lon="10.004"/>
 <node id="3" lat="50.002" lon="10.004"/><node id="4" lat="50.002" lon="10.000"/>
 <node id="5" lat="50.0008" lon="10.0015"/><node id="6" lat="50.0008" lon="10.0025"/>
 <node id="7" lat="50.0012" lon="10.0025"/><node id="8" lat="50.0012" lon="10.0015"/>
 <node id="9" lat="50.001" lon="10.001"><tag k="golf" v="pin"/></node>
 <way id="100"><nd ref="1"/><nd ref="2"/><nd ref="3"/><nd ref="4"/><nd ref="1"/></way>
 <way id="101"><nd ref="5"/><nd ref="6"/><nd ref="7"/><nd ref="8"/><nd ref="5"/></way>
 <way id="102"><nd ref="1"/><nd ref="3"/><nd ref="4"/><nd ref="1"/><tag k="golf" v="hole"/><tag k="ref" v="1"/></way>
 <relation id="200">
  <member type="way" ref="100" role="outer"/><member type="way" ref="101" role="inner"/>
  <tag k="type" v="multipolygon"/><tag k="golf" v="fairway"/><tag k="ref" v="1"/>
 </relation>
</osm>`;

const OVERPASS = {
  version: 0.6,
  elements: [
    { type: 'node', id: 1, lat: 50, lon: 10 },
    { type: 'node', id: 2, lat: 50.001, lon: 10 },
    { type: 'node', id: 3, lat: 50.001, lon: 10.001 },
    { type: 'way', id: 10, nodes: [1, 2, 3, 1], tags: { golf: 'green', name: 'G1' } },
    { type: 'node', id: 4, lat: 50.0005, lon: 10.0003, tags: { golf: 'pin' } },
  ],
};

describe('parseOsmInput', () => {
  it('reads OSM XML, building multipolygon relations with their inner rings', () => {
    const parsed = parseOsmInput('x.osm', Buffer.from(OSM_XML));
    expect(parsed.format).toBe('osm-xml');
    const fairway = parsed.features.find((f) => f.id === 'relation/200');
    expect(fairway?.tags).toMatchObject({ golf: 'fairway', ref: '1' });
    expect(fairway?.geometry.type).toBe('Polygon');
    expect((fairway?.geometry as { coordinates: unknown[] }).coordinates).toHaveLength(2);
    // a closed golf=hole way is a line, not an area
    expect(parsed.features.find((f) => f.id === 'way/102')?.geometry.type).toBe('LineString');
    expect(parsed.features.find((f) => f.id === 'node/9')?.geometry).toEqual({ type: 'Point', coordinates: [10.001, 50.001] });
    // untagged member ways are not features of their own
    expect(parsed.features.some((f) => f.id === 'way/100')).toBe(false);
  });

  it('reads Overpass JSON whatever the file is called', () => {
    const parsed = parseOsmInput('data.xml', JSON.stringify(OVERPASS));
    expect(parsed.format).toBe('overpass-json');
    expect(parsed.features.map((f) => [f.id, f.geometry.type])).toEqual(
      expect.arrayContaining([
        ['way/10', 'Polygon'],
        ['node/4', 'Point'],
      ]),
    );
  });

  it('reads flat-property GeoJSON with OSM ids, and a byte-order mark', () => {
    const geojson = {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', id: 'way/5', geometry: { type: 'Point', coordinates: [1, 2] }, properties: { osm_type: 'way', osm_id: 5, golf: 'tee', name: 'T' } },
        { type: 'Feature', geometry: null, properties: {} },
      ],
    };
    const parsed = parseOsmInput('a.json', '\ufeff' + JSON.stringify(geojson));
    expect(parsed.format).toBe('geojson');
    expect(parsed.features).toEqual([{ id: 'way/5', tags: { golf: 'tee', name: 'T' }, geometry: { type: 'Point', coordinates: [1, 2] }, input: 'a.json' }]);
  });

  it.each([
    ['', 'OSM_INPUT_EMPTY'],
    ['   \n', 'OSM_INPUT_EMPTY'],
    ['hello', 'OSM_FORMAT_UNKNOWN'],
    ['{"a": 1}', 'OSM_FORMAT_UNKNOWN'],
    ['{"elements": [', 'OSM_JSON_MALFORMED'],
    ['<osm><node id="1"></osm>', 'OSM_XML_MALFORMED'],
    ['<html><body/></html>', 'OSM_XML_MALFORMED'],
    ['{"elements": [{"lat": 1}]}', 'OSM_OVERPASS_MALFORMED'],
    ['{"type": "FeatureCollection"}', 'OSM_GEOJSON_MALFORMED'],
    ['{"type": "FeatureCollection", "features": [{"type": "Feature", "geometry": {"type": "Point", "coordinates": ["a"]}}]}', 'OSM_GEOJSON_MALFORMED'],
  ])('rejects %j with %s', (content, code) => {
    let caught: unknown;
    try {
      parseOsmInput('bad', content);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(OsmImportError);
    expect((caught as OsmImportError).code).toBe(code);
    expect((caught as OsmImportError).inputName).toBe('bad');
  });
});
