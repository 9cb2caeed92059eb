// The body diagram, drawn for the project: a front and a back figure side
// by side in one 380 x 410 box (front at x 0-180, back at x 200-380). Each
// figure is symmetric: shapes are drawn for the left half and mirrored.
// The diagram's parts map to the spec's zone ids: the front shows the
// shoulders, chest, biceps, forearms, abs, obliques, quadriceps
// (cuisses-externes), the top of the traps and the calves; the back shows
// the upper back, traps and lats (dos-superieur), the lower back
// (dos-inferieur), the shoulders, triceps, forearms, glutes, hamstrings
// (cuisses-internes) and calves. The lats belong to the upper back, as in the
// catalogue: a tap on 'Bas du dos' must not bring pull-ups.

import type { MuscleZone } from "~/domain/workout/catalogue-ids";

export const BODY_MAP_VIEWBOX = "0 0 380 410";
export const FIGURE_WIDTH = 180;
export const BACK_OFFSET_X = 200;

export type FigureSide = "front" | "back";

export interface ZoneShape {
  side: FigureSide;
  /** Path of the left half (mirrored for the right), or of the whole shape when `symmetric`. */
  d: string;
  symmetric?: boolean;
  /** Lines drawn over the shape (the abs' segments), not clickable. */
  detail?: string;
}

/** The silhouette's left half, the same from the front and from the back. */
export const SILHOUETTE_HALF =
  "M90 50 L82 50 C82 58 80 63 77 66 C70 70 60 72 52 76 C40 80 34 92 33 106 C32 122 30 140 29 156 " +
  "C28 166 26 174 25 180 C22 196 19 212 18 228 C17 236 15 242 14 248 C12 258 14 266 20 268 " +
  "C26 270 28 262 29 254 C30 248 31 242 32 236 C36 220 40 204 43 188 C45 180 47 172 48 164 " +
  "C50 150 52 136 54 126 C56 136 58 150 60 164 C62 180 60 196 58 210 C56 222 55 234 56 246 " +
  "C57 270 60 296 64 318 C65 328 64 338 64 346 C62 362 64 378 68 390 C66 396 62 400 62 404 " +
  "L87 404 C87 398 85 394 83 390 C85 376 87 360 87 346 C87 338 88 330 88 322 C89 296 90 268 90 246 Z";

export const HEAD = { cx: 90, cy: 29, rx: 19, ry: 23 };

const shoulder =
  "M52 79 C42 82 36 92 35 105 C35 113 36 119 37 124 C43 120 48 114 52 106 C55 98 58 90 62 84 C60 81 56 79 52 79 Z";
const upperArm = "M37 129 C35 141 33 153 32 164 C36 168 42 169 46 167 C48 156 50 144 52 131 C47 128 42 127 37 129 Z";
const forearm = "M27 183 C24 197 22 211 21 225 C24 229 29 230 32 228 C36 214 40 200 43 187 C38 183 32 182 27 183 Z";

export const ZONE_SHAPES: Record<MuscleZone, ZoneShape[]> = {
  pectoraux: [
    {
      side: "front",
      d: "M88 82 C80 80 70 80 64 85 C59 92 56 102 56 111 C57 121 64 127 74 128 C80 128 85 126 88 123 Z",
    },
  ],
  epaules: [
    { side: "front", d: shoulder },
    { side: "back", d: shoulder },
  ],
  biceps: [{ side: "front", d: upperArm }],
  triceps: [{ side: "back", d: upperArm }],
  "avant-bras": [
    { side: "front", d: forearm },
    { side: "back", d: forearm },
  ],
  "abdos-centre": [
    {
      side: "front",
      symmetric: true,
      d: "M80 133 C86 131 94 131 100 133 C101 160 101 186 99 211 C93 214 87 214 81 211 C79 186 79 160 80 133 Z",
      detail: "M81 157 H99 M81 181 H99 M90 134 V212",
    },
  ],
  "abdos-lateraux": [
    {
      side: "front",
      d: "M62 133 C68 134 73 134 77 135 C76 160 76 186 77 209 C71 209 66 207 61 203 C62 188 63 172 61 157 C60 147 60 139 62 133 Z",
    },
  ],
  "dos-superieur": [
    // The top of the trapezius, between the neck and the shoulder, seen from the front.
    { side: "front", d: "M83 60 C80 65 74 69 63 74 C67 76 73 77 79 77 L87 77 C87 70 85 64 83 60 Z" },
    {
      side: "back",
      d: "M89 55 L83 55 C82 61 79 65 75 68 C68 72 61 75 56 78 C60 84 63 92 65 100 C71 110 79 119 89 125 Z",
    },
    // The lats, from the armpit down the side of the back.
    {
      side: "back",
      d: "M65 106 C61 118 59 134 60 150 C61 160 62 168 64 176 C72 172 81 166 89 160 L89 132 C79 126 71 118 65 106 Z",
    },
  ],
  "dos-inferieur": [
    // The lumbar muscles, either side of the spine above the glutes.
    {
      side: "back",
      d: "M65 181 C73 177 81 171 89 165 L89 211 C81 211 73 209 65 203 C64 196 64 188 65 181 Z",
    },
  ],
  fessiers: [
    {
      side: "back",
      d: "M89 215 C79 213 67 215 60 223 C57 235 58 248 64 255 C72 261 83 261 89 257 Z",
    },
  ],
  "cuisses-externes": [
    {
      side: "front",
      d: "M58 239 C57 262 59 289 65 315 C72 319 80 319 86 315 C88 293 89 270 88 250 C80 246 68 242 58 239 Z",
    },
  ],
  "cuisses-internes": [
    {
      side: "back",
      d: "M61 263 C61 284 62 300 66 315 C72 319 80 319 86 315 C88 298 89 282 89 265 C82 267 70 267 61 263 Z",
    },
  ],
  mollets: [
    // The outer head of the calf, seen from the front.
    {
      side: "front",
      d: "M66 347 C63 357 63 370 66 382 C69 386 73 386 75 382 C76 370 76 357 73 345 C71 342 68 343 66 347 Z",
    },
    {
      side: "back",
      d: "M66 349 C62 359 62 372 66 384 C70 388 78 388 82 384 C86 372 87 358 85 347 C80 342 71 342 66 349 Z",
    },
  ],
};

/** The transform that places a shape's left half on a figure. */
export function figureTransform(side: FigureSide, mirrored: boolean): string | undefined {
  const offset = side === "front" ? 0 : BACK_OFFSET_X;
  if (!mirrored) return offset === 0 ? undefined : `translate(${offset} 0)`;
  return `matrix(-1 0 0 1 ${offset + FIGURE_WIDTH} 0)`;
}
