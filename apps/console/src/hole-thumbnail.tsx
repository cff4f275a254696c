import { useEffect, useRef } from 'preact/hooks';
import { mercatorX, mercatorY } from './mercator';

/** A hole as the course page holds it (holes.detail): its play line and the box of its features. */
export interface HoleShape {
  number: number;
  line: [number, number][];
  bounds: [number, number, number, number];
}

const SIZE = 96;
// world pixels of 256-pixel tiles at zoom z
const worldX = (lon: number, z: number) => mercatorX(lon) * 256 * 2 ** z;
const worldY = (lat: number, z: number) => mercatorY(lat) * 256 * 2 ** z;

/**
 * A small picture of one hole cut from the course map's own tiles (the ones the map above has
 * just drawn, so the browser holds them already), its play line drawn over it tee to green.
 */
export function HoleThumbnail({
  hole,
  template,
  zoom,
  coverage,
}: {
  hole: HoleShape;
  template: string;
  zoom: number;
  /** the map's bounds: no tile outside them is asked for (there is none) */
  coverage: [number, number, number, number];
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context) return;
    let live = true;
    const [w, s, e, n] = hole.bounds;
    // a square around the hole's box with a margin, in world pixels at the map's tile zoom
    const [x0, x1, y0, y1] = [worldX(w, zoom), worldX(e, zoom), worldY(n, zoom), worldY(s, zoom)];
    const side = Math.max(x1 - x0, y1 - y0) * 1.15 + 8;
    const [left, top] = [(x0 + x1) / 2 - side / 2, (y0 + y1) / 2 - side / 2];
    const scale = SIZE / side;
    const at = (lon: number, lat: number): [number, number] => [(worldX(lon, zoom) - left) * scale, (worldY(lat, zoom) - top) * scale];
    const drawLine = () => {
      if (hole.line.length < 2) return;
      context.lineCap = 'round';
      context.strokeStyle = '#ffffff';
      context.lineWidth = 2.5;
      context.beginPath();
      hole.line.forEach(([lon, lat], i) => (i ? context.lineTo(...at(lon, lat)) : context.moveTo(...at(lon, lat))));
      context.stroke();
      const [tx, ty] = at(...hole.line[0]);
      const [gx, gy] = at(...hole.line[hole.line.length - 1]);
      context.fillStyle = '#1f2937';
      context.fillRect(tx - 3, ty - 3, 6, 6);
      context.fillStyle = '#c0392b';
      context.beginPath();
      context.arc(gx, gy, 3.5, 0, 2 * Math.PI);
      context.fill();
    };
    context.fillStyle = '#e8efe6';
    context.fillRect(0, 0, SIZE, SIZE);
    const tiles: Promise<void>[] = [];
    const [cw, cs, ce, cn] = coverage;
    const [minX, maxX] = [
      Math.max(Math.floor(left / 256), Math.floor(worldX(cw, zoom) / 256)),
      Math.min(Math.floor((left + side) / 256), Math.floor(worldX(ce, zoom) / 256)),
    ];
    const [minY, maxY] = [
      Math.max(Math.floor(top / 256), Math.floor(worldY(cn, zoom) / 256)),
      Math.min(Math.floor((top + side) / 256), Math.floor(worldY(cs, zoom) / 256)),
    ];
    for (let ty = minY; ty <= maxY; ty++) {
      for (let tx = minX; tx <= maxX; tx++) {
        const image = new Image();
        image.src = template.replace('{z}', String(zoom)).replace('{x}', String(tx)).replace('{y}', String(ty));
        tiles.push(
          image.decode().then(
            () => void (live && context.drawImage(image, (tx * 256 - left) * scale, (ty * 256 - top) * scale, 256 * scale, 256 * scale)),
            // a tile that failed leaves the paper colour (the map above says which tiles failed)
            () => undefined,
          ),
        );
      }
    }
    void Promise.all(tiles).then(() => {
      if (!live) return;
      drawLine();
      canvas.current?.setAttribute('data-drawn', 'true');
    });
    return () => {
      live = false;
    };
  }, [hole, template, zoom, coverage]);
  return (
    <canvas
      ref={canvas}
      class="hole-thumbnail"
      width={SIZE}
      height={SIZE}
      role="img"
      aria-label={`Hole ${hole.number} on the course map, tee (square) to green (dot)`}
    />
  );
}
