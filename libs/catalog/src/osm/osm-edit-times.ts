/**
 * When each object of an OSM XML file was last edited, for the source date in provenance. OSM
 * XML carries a timestamp per node, way and relation; moving a node does not touch its way's
 * timestamp, so a way's time is the newest of its own and its nodes', and a relation's the
 * newest of its own and its members'. Read with one scan of the text (the DOM parse drops these
 * attributes to halve its work); files list nodes, then ways, then relations, as OSM writes them.
 */
const ELEMENT = /<(node|way|relation)\s([^>]*?)(\/?)>|<nd\s+ref="(-?\d+)"|<member\s+type="(node|way|relation)"\s+ref="(-?\d+)"|<\/(way|relation)>/g;
const ATTRIBUTE_ID = /\bid="(-?\d+)"/;
const ATTRIBUTE_TIMESTAMP = /\btimestamp="([^"]+)"/;

const newer = (a: string | undefined, b: string | undefined) => (a === undefined ? b : b === undefined || a >= b ? a : b);

/** 'way/2' → its newest edit time (ISO 8601, as the file states it); objects without a timestamp are absent. */
export function osmXmlEditTimes(text: string): Map<string, string> {
  const times = new Map<string, string>();
  let open: { key: string; time: string | undefined } | null = null;
  for (const match of text.matchAll(ELEMENT)) {
    const [, element, attributes, selfClosing, nodeRef, memberType, memberRef, closing] = match;
    if (element) {
      const id = ATTRIBUTE_ID.exec(attributes)?.[1];
      if (id === undefined) continue;
      const key = `${element}/${id}`;
      const time = ATTRIBUTE_TIMESTAMP.exec(attributes)?.[1];
      // a node's time is its own; a way or relation stays open until its closing tag
      if (selfClosing || element === 'node') {
        if (time !== undefined) times.set(key, time);
      } else open = { key, time };
    } else if (open && (nodeRef !== undefined || memberRef !== undefined)) {
      open.time = newer(open.time, times.get(nodeRef !== undefined ? `node/${nodeRef}` : `${memberType}/${memberRef}`));
    } else if (closing && open) {
      if (open.time !== undefined) times.set(open.key, open.time);
      open = null;
    }
  }
  return times;
}

/** The newest of several edit times, or undefined when none is known. */
export function newestEditTime(times: readonly (string | undefined)[]): string | undefined {
  return times.reduce<string | undefined>(newer, undefined);
}
