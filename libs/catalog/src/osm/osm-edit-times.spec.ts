import { newestEditTime, osmXmlEditTimes } from './osm-edit-times';

describe('osmXmlEditTimes', () => {
  const xml = `<?xml version="1.0"?>
<osm version="0.6">
 <node id="1" version="1" timestamp="2019-05-01T00:00:00Z" lat="1" lon="1"/>
 <node id="2" version="3" timestamp="2023-01-21T04:27:05Z" lat="1" lon="2">
  <tag k="golf" v="pin"/>
 </node>
 <node id="3" lat="1" lon="3"/>
 <way id="10" version="2" timestamp="2020-02-02T00:00:00Z">
  <nd ref="1"/><nd ref="2"/><nd ref="3"/>
  <tag k="golf" v="green"/>
 </way>
 <way id="11" timestamp="2021-03-03T00:00:00Z"><nd ref="1"/></way>
 <relation id="20" timestamp="2018-01-01T00:00:00Z">
  <member type="way" ref="11" role="outer"/>
 </relation>
</osm>`;

  it("gives each object the newest of its own time and its nodes' or members'", () => {
    const times = osmXmlEditTimes(xml);
    expect(times.get('node/1')).toBe('2019-05-01T00:00:00Z');
    expect(times.get('node/2')).toBe('2023-01-21T04:27:05Z');
    expect(times.has('node/3')).toBe(false);
    // a node moved after the way was last touched makes the way newer
    expect(times.get('way/10')).toBe('2023-01-21T04:27:05Z');
    expect(times.get('way/11')).toBe('2021-03-03T00:00:00Z');
    expect(times.get('relation/20')).toBe('2021-03-03T00:00:00Z');
  });

  it('picks the newest of several times, ignoring unknown ones', () => {
    expect(newestEditTime(['2020-01-01T00:00:00Z', undefined, '2022-06-01T00:00:00Z'])).toBe('2022-06-01T00:00:00Z');
    expect(newestEditTime([undefined])).toBeUndefined();
  });
});
