/** IUGG mean Earth radius; the sphere every geodesy function here uses. */
export const EARTH_RADIUS_METERS = 6_371_008.8;
