/**
 * Shared defs and the textured-paper backgrounds every illustration sits on.
 */
import { C } from "./palette"
import { smooth, type Pt } from "./geom"
import { rng } from "./rng"

export interface Wash {
  cx: number
  cy: number
  rx: number
  ry: number
  color: string
  opacity?: number
  seed?: number
  lobes?: number
  rim?: boolean
}

export interface PaperOptions {
  top?: string
  bottom?: string
  glow?: string
  glowAt?: [number, number]
  washes?: Wash[]
}

/** Gradients and filters used across the set. */
export function sharedDefs(): string {
  return `
  <linearGradient id="shade" x1="0" y1="0" x2="1" y2="0">
    <stop offset="0" stop-color="#fff" stop-opacity="0.16"/>
    <stop offset="0.38" stop-color="#fff" stop-opacity="0"/>
    <stop offset="0.6" stop-color="${C.ink}" stop-opacity="0"/>
    <stop offset="1" stop-color="${C.ink}" stop-opacity="0.2"/>
  </linearGradient>
  <linearGradient id="shadeDown" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="${C.ink}" stop-opacity="0.1"/>
    <stop offset="0.25" stop-color="${C.ink}" stop-opacity="0"/>
    <stop offset="1" stop-color="${C.ink}" stop-opacity="0.06"/>
  </linearGradient>
  <linearGradient id="sheen" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#fff" stop-opacity="0.5"/>
    <stop offset="0.5" stop-color="#fff" stop-opacity="0"/>
  </linearGradient>
  <radialGradient id="pearl" cx="0.35" cy="0.3" r="0.8">
    <stop offset="0" stop-color="#fff"/>
    <stop offset="0.6" stop-color="#f1ebe4"/>
    <stop offset="1" stop-color="#c9beb5"/>
  </radialGradient>
  <pattern id="dots" width="26" height="26" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
    <circle cx="6" cy="6" r="3" fill="${C.goldLight}" opacity="0.9"/><circle cx="19" cy="19" r="2" fill="#fff" opacity="0.7"/>
  </pattern>
  <pattern id="stripes" width="22" height="22" patternUnits="userSpaceOnUse" patternTransform="rotate(35)">
    <rect width="7" height="22" fill="#fff" opacity="0.22"/>
  </pattern>
  <pattern id="petals" width="60" height="60" patternUnits="userSpaceOnUse">
    <circle cx="15" cy="15" r="6" fill="${C.ivory}" opacity="0.85"/><circle cx="45" cy="45" r="4" fill="${C.gold}" opacity="0.8"/>
    <path d="M45 8q6 8 0 16q-6 -8 0 -16Z" fill="${C.blush}" opacity="0.8"/><path d="M8 42q8 -4 14 4q-8 4 -14 -4Z" fill="${C.sageLight}" opacity="0.9"/>
  </pattern>
  <filter id="wash" x="-20%" y="-20%" width="140%" height="140%">
    <feTurbulence type="fractalNoise" baseFrequency="0.009" numOctaves="3" seed="7" result="n"/>
    <feDisplacementMap in="SourceGraphic" in2="n" scale="60" xChannelSelector="R" yChannelSelector="G" result="d"/>
    <feGaussianBlur in="d" stdDeviation="14"/>
  </filter>
  <filter id="blur12" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="12"/></filter>
  <filter id="blur30" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="30"/></filter>
  <filter id="blur60" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="60"/></filter>`
}

/** An irregular, watercolour-like wash: a soft-edged blob with a slightly darker rim. */
export function wash({
  cx,
  cy,
  rx,
  ry,
  color,
  opacity = 0.35,
  seed = 1,
  lobes = 9,
  rim = true,
}: Wash): string {
  const rand = rng(seed)
  const blob = (x: number, y: number, a: number, b: number, k0 = 0.8, k1 = 0.35): string => {
    const pts: Pt[] = []
    for (let i = 0; i < lobes; i++) {
      const t = (i / lobes) * Math.PI * 2
      const k = k0 + rand() * k1
      pts.push([x + Math.cos(t) * a * k, y + Math.sin(t) * b * k])
    }
    return smooth(pts, true)
  }
  const d = blob(cx, cy, rx, ry)
  // pooled pigment: a few smaller, slightly denser blobs inside the wash
  const pools = [0, 1, 2]
    .map(() => {
      const x = cx + (rand() - 0.5) * rx * 0.8
      const y = cy + (rand() - 0.5) * ry * 0.8
      return `<path d="${blob(x, y, rx * (0.3 + rand() * 0.25), ry * (0.3 + rand() * 0.25), 0.7, 0.5)}" fill="${color}" opacity="0.5"/>`
    })
    .join("")
  const edge = rim
    ? `<path d="${d}" fill="none" stroke="${color}" stroke-width="4" stroke-opacity="0.45"/>`
    : ""
  return `<g filter="url(#wash)" opacity="${opacity}"><path d="${d}" fill="${color}" opacity="0.75"/>${pools}${edge}</g>`
}

/**
 * The paper: a soft vertical gradient, a warm light bloom and optional washes.
 * Smooth fills only, so the JPEGs stay small.
 */
export function paper(
  w: number,
  h: number,
  {
    top = C.ivory,
    bottom = C.linen,
    glow = "#fffdf9",
    glowAt = [0.7, 0.3],
    washes = [],
  }: PaperOptions = {},
): string {
  return `
  <defs>
    <linearGradient id="paperG" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/>
    </linearGradient>
    <radialGradient id="paperGlow" cx="${glowAt[0]}" cy="${glowAt[1]}" r="0.6">
      <stop offset="0" stop-color="${glow}" stop-opacity="0.9"/><stop offset="1" stop-color="${glow}" stop-opacity="0"/>
    </radialGradient>
    <radialGradient id="vignette" cx="0.5" cy="0.5" r="0.75">
      <stop offset="0.6" stop-color="${C.ink}" stop-opacity="0"/><stop offset="1" stop-color="${C.ink}" stop-opacity="0.06"/>
    </radialGradient>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#paperG)"/>
  <rect width="${w}" height="${h}" fill="url(#paperGlow)"/>
  ${washes.map(wash).join("")}`
}

/** A soft band of ground under standing figures. */
export function groundBand(w: number, y: number, color: string, opacity = 0.5): string {
  return `<rect x="-100" y="${y}" width="${w + 200}" height="400" fill="${color}" opacity="${opacity}" filter="url(#blur30)"/>`
}

/** Finishing layer: a faint vignette that gives the sheet some depth. */
export function vignette(w: number, h: number): string {
  return `<rect width="${w}" height="${h}" fill="url(#vignette)"/>`
}

/** Soft contact shadow on the ground. */
export function groundShadow(
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  opacity = 0.14,
): string {
  return `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${C.ink}" opacity="${opacity}" filter="url(#blur12)"/>`
}

/** Wrap content into a complete SVG document. */
export function svgDoc(w: number, h: number, body: string, extraDefs = ""): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs>${sharedDefs()}${extraDefs}</defs>${body}</svg>`
}
