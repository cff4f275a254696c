import type * as GeoTiff from 'geotiff';
import { DemError, type DemRaster } from './dem-raster';

/**
 * geotiff is loaded on first use: its CommonJS build requires the ESM-only `quick-lru`,
 * which Node >= 20.19 loads natively but Jest (before Node 24.9) cannot. Loading lazily keeps
 * every other export of this library usable in Jest; specs that read GeoTIFFs mock `quick-lru`.
 */
function loadGeoTiff(): typeof GeoTiff {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('geotiff') as typeof GeoTiff;
}

/** GeoTIFF GTRasterTypeGeoKey value for pixel-is-point rasters. */
const RASTER_PIXEL_IS_POINT = 2;
/** GeoKey codes for geographic (lon/lat) model types. */
const MODEL_TYPE_GEOGRAPHIC = 2;

/**
 * Reads band 1 of a north-up GeoTIFF in geographic coordinates (EPSG:4326 and similar).
 * Georeferencing comes from the tie point and pixel scale; pixel-is-area rasters have
 * their tie point on the corner of pixel (0, 0), so the sample centre is half a pixel in.
 */
export async function readGeoTiffDem(bytes: Uint8Array, name: string): Promise<DemRaster> {
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  let image;
  try {
    const tiff = await loadGeoTiff().fromArrayBuffer(buffer);
    image = await tiff.getImage(0);
  } catch (error) {
    throw new DemError('geotiff-invalid', `${name}: not a readable TIFF (${String(error)})`);
  }
  const geoKeys = image.getGeoKeys() ?? {};
  if (geoKeys.GTModelTypeGeoKey !== undefined && geoKeys.GTModelTypeGeoKey !== MODEL_TYPE_GEOGRAPHIC) {
    throw new DemError('geotiff-crs-unsupported', `${name}: only geographic (lon/lat) GeoTIFFs are supported`);
  }
  const tiePoints = await image.getTiePoints();
  const scale = image.fileDirectory.hasTag('ModelPixelScale') ? ((await image.fileDirectory.loadValue('ModelPixelScale')) as ArrayLike<number>) : null;
  if (tiePoints.length === 0 || !scale) {
    throw new DemError('geotiff-georeference-missing', `${name}: no tie point and pixel scale (rotated rasters are not supported)`);
  }
  const tie = tiePoints[0];
  const lonStep = scale[0];
  const latStep = scale[1];
  if (!(lonStep > 0 && latStep > 0)) {
    throw new DemError('geotiff-georeference-invalid', `${name}: pixel scale must be positive`);
  }
  const centreOffset = geoKeys.GTRasterTypeGeoKey === RASTER_PIXEL_IS_POINT ? 0 : 0.5;
  const width = image.getWidth();
  const height = image.getHeight();
  const rasters = await image.readRasters({ samples: [0] });
  const band = (rasters as unknown as ArrayLike<number>[])[0];
  if (!band || band.length !== width * height) {
    throw new DemError('geotiff-invalid', `${name}: band 1 does not hold ${width}x${height} samples`);
  }
  return {
    width,
    height,
    originLon: tie.x + (centreOffset - tie.i) * lonStep,
    originLat: tie.y - (centreOffset - tie.j) * latStep,
    lonStep,
    latStep,
    values: band,
    noData: image.getGDALNoData(),
    source: `geotiff:${name}`,
  };
}
