/**
 * Point symbols other than Cesium's round point, drawn once per look on a canvas and
 * shown as billboards. The image is a data: URL because Cesium shares a texture between
 * billboards by the image's address, and gives every canvas one of its own.
 */

import type { PointSymbol } from '@geows/contract';

type Look = { symbol: Exclude<PointSymbol, 'circle'>; fill: string; outline: string; size: number };

const drawn = new Map<string, string>();
/** Looks are few (a colour per category at most): the cap only stops a runaway. */
const maxDrawn = 512;

/** The outline of a symbol in a box of `size` pixels, centred. */
function trace(context: CanvasRenderingContext2D, symbol: Look['symbol'], size: number, inset: number) {
  const c = size / 2;
  const r = c - inset;
  context.beginPath();
  if (symbol === 'square') context.rect(inset, inset, size - 2 * inset, size - 2 * inset);
  else if (symbol === 'diamond') {
    context.moveTo(c, c - r);
    context.lineTo(c + r, c);
    context.lineTo(c, c + r);
    context.lineTo(c - r, c);
  } else if (symbol === 'triangle') {
    context.moveTo(c, inset);
    context.lineTo(size - inset, size - inset);
    context.lineTo(inset, size - inset);
  } else {
    for (let i = 0; i < 10; i++) {
      const angle = -Math.PI / 2 + (i * Math.PI) / 5;
      const radius = i % 2 === 0 ? r : r * 0.45;
      context.lineTo(c + radius * Math.cos(angle), c + radius * Math.sin(angle));
    }
  }
  context.closePath();
}

/** The symbol's image, `size` CSS pixels wide, drawn at twice that for sharp edges. */
export function symbolImage(look: Look): string {
  const key = `${look.symbol}|${look.fill}|${look.outline}|${look.size}`;
  const known = drawn.get(key);
  if (known) return known;
  const scale = 2;
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = look.size * scale;
  const context = canvas.getContext('2d');
  if (context) {
    context.scale(scale, scale);
    trace(context, look.symbol, look.size, 1);
    context.fillStyle = look.fill;
    context.fill();
    context.lineWidth = 1;
    context.strokeStyle = look.outline;
    context.stroke();
  }
  const image = canvas.toDataURL('image/png');
  if (drawn.size >= maxDrawn) drawn.clear();
  drawn.set(key, image);
  return image;
}
