import { mercatorX, mercatorY } from './mercator';

/**
 * The course's shapes drawn on a plain 2D canvas the moment they arrive, fitted to the box as
 * MapLibre fits the map's bounds. A loaded machine can take seconds to start MapLibre (its
 * worker, its WebGL context); this first view needs neither, and MapLibre covers it once it has
 * drawn the same shapes itself.
 */
export function sketchCourse(
  box: HTMLElement,
  shapes: GeoJSON.FeatureCollection,
  bounds: [number, number, number, number],
  fills: [string, string][],
): HTMLCanvasElement {
  const width = box.clientWidth;
  const height = box.clientHeight;
  const ratio = window.devicePixelRatio || 1;
  const canvas = document.createElement('canvas');
  canvas.className = 'course-sketch';
  canvas.width = Math.round(width * ratio);
  canvas.height = Math.round(height * ratio);
  canvas.setAttribute('aria-hidden', 'true');
  const context = canvas.getContext('2d')!;
  context.scale(ratio, ratio);
  context.fillStyle = '#e8efe6';
  context.fillRect(0, 0, width, height);
  const [mx, my] = [mercatorX, mercatorY];
  const [west, south, east, north] = bounds;
  const scale = Math.min(width / (mx(east) - mx(west)), height / (my(south) - my(north)));
  const [cx, cy] = [(mx(west) + mx(east)) / 2, (my(south) + my(north)) / 2];
  const at = ([lon, lat]: number[]): [number, number] => [width / 2 + (mx(lon) - cx) * scale, height / 2 + (my(lat) - cy) * scale];
  const rings = (geometry: GeoJSON.Geometry): number[][][] =>
    geometry.type === 'Polygon' ? geometry.coordinates : geometry.type === 'MultiPolygon' ? geometry.coordinates.flat() : [];
  const trace = (ring: number[][]) => ring.forEach((p, i) => (i ? context.lineTo(...at(p)) : context.moveTo(...at(p))));
  for (const [layer, color] of fills) {
    context.fillStyle = color;
    for (const feature of shapes.features) {
      if (feature.properties?.layer !== layer) continue;
      context.beginPath();
      rings(feature.geometry).forEach(trace);
      context.fill('evenodd');
    }
  }
  context.strokeStyle = '#5b7f4a';
  context.lineWidth = 1.5;
  for (const feature of shapes.features) {
    if (feature.properties?.layer !== 'course-boundary') continue;
    context.beginPath();
    rings(feature.geometry).forEach(trace);
    context.stroke();
  }
  box.prepend(canvas);
  return canvas;
}
