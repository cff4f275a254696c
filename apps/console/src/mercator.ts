/** Web Mercator x of a longitude, from 0 (180° W) to 1 (180° E). */
export const mercatorX = (lon: number) => (lon + 180) / 360;

/** Web Mercator y of a latitude, from 0 (north edge, 85.05° N) to 1 (south edge), y down as tiles count. */
export function mercatorY(lat: number): number {
  const s = Math.sin((Math.max(-85.05, Math.min(85.05, lat)) * Math.PI) / 180);
  return 0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI);
}
