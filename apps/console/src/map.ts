import { Map, setWorkerUrl, type MapOptions } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
// MapLibre's worker, bundled by Vite as its own ES module (MapLibre would look for it beside the library file)
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?worker&url';

setWorkerUrl(workerUrl);

/** A MapLibre map with no third-party base map: paper background, then the layers a page adds. */
export function createMap(container: HTMLElement, options: Partial<MapOptions> = {}): Map {
  const map = new Map({
    container,
    style: { version: 8, sources: {}, layers: [{ id: 'paper', type: 'background', paint: { 'background-color': '#e8efe6' } }] },
    fadeDuration: 0,
    attributionControl: { compact: true },
    canvasContextAttributes: { preserveDrawingBuffer: true },
    ...options,
  });
  // the canvas is focusable by MapLibre; give it a name for screen readers
  map.getCanvas().setAttribute('aria-label', container.getAttribute('aria-label') ?? 'Map');
  return map;
}
