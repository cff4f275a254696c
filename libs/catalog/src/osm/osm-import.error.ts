export type OsmImportErrorCode =
  | 'OSM_INPUT_EMPTY'
  | 'OSM_FORMAT_UNKNOWN'
  | 'OSM_XML_MALFORMED'
  | 'OSM_JSON_MALFORMED'
  | 'OSM_GEOJSON_MALFORMED'
  | 'OSM_OVERPASS_MALFORMED'
  | 'OSM_PBF_MALFORMED';

/** Bad OSM input. `code` is stable; `inputName` says which of the inputs was at fault. */
export class OsmImportError extends Error {
  override readonly name = 'OsmImportError';

  constructor(
    readonly code: OsmImportErrorCode,
    readonly inputName: string,
    detail: string,
  ) {
    super(`${inputName}: ${detail}`);
  }
}
