// The installed app's icons, drawn from the logo (public/favicon.svg: three
// stacked pebbles) and rasterized by the build (scripts/pwa/vite-plugin.ts).
import { APP_ICONS, APPLE_TOUCH_ICON, type AppIcon, BACKGROUND_COLOR } from "./addresses.ts";

/** The pebbles, in the favicon's colours, on a 32-unit grid. */
const PEBBLES =
  '<ellipse cx="16" cy="25.5" rx="12" ry="5" fill="#0f766e"/>' +
  '<ellipse cx="16" cy="16.5" rx="8.5" ry="4.2" fill="#14b8a6"/>' +
  '<ellipse cx="16" cy="8.5" rx="5.2" ry="3.3" fill="#f97362"/>';
/** Their bounding box on that grid: x 4 to 28, y 5.2 to 30.5. */
const PEBBLES_BOX = { x: 4, y: 5.2, width: 24, height: 25.3 };

export interface IconDrawing {
  /** The share of the icon's side the pebbles' height takes. */
  pebbles: number;
  /** A background filling the whole square, or none (transparent). */
  background: string | null;
}

/**
 * How each icon is drawn. A maskable icon fills its square (the system cuts
 * its own shape) and keeps the logo inside the central safe circle (80 % of
 * the side); iOS paints a transparent corner black, so its icon is filled too.
 */
export function drawingOf(icon: AppIcon): IconDrawing {
  if (icon.purpose === "maskable") return { pebbles: 0.56, background: BACKGROUND_COLOR };
  if (icon.path === APPLE_TOUCH_ICON.path) return { pebbles: 0.7, background: BACKGROUND_COLOR };
  return { pebbles: 0.9, background: null };
}

export function appIconSvg(size: number, { pebbles, background }: IconDrawing): string {
  const scale = (size * pebbles) / PEBBLES_BOX.height;
  const x = (size - PEBBLES_BOX.width * scale) / 2 - PEBBLES_BOX.x * scale;
  const y = (size - PEBBLES_BOX.height * scale) / 2 - PEBBLES_BOX.y * scale;
  const round = (value: number) => Math.round(value * 1000) / 1000;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">` +
    (background ? `<rect width="${size}" height="${size}" fill="${background}"/>` : "") +
    `<g transform="translate(${round(x)} ${round(y)}) scale(${round(scale)})">${PEBBLES}</g></svg>`
  );
}

/** Every icon file the build writes: the manifest's and the apple-touch-icon. */
export const ICON_FILES: readonly AppIcon[] = [...APP_ICONS, APPLE_TOUCH_ICON];
