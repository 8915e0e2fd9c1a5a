/**
 * Still-life props and interiors, drawn with the same pen as the figures:
 * rails, tables, mirrors, windows, plants, bags, scarves, pearls and more.
 * Every function takes scene coordinates and returns an SVG string.
 */
import { C, mix } from "./palette"
import { P, lerp, nth, sampleSpline, smooth, type Pt } from "./geom"
import { Pen, handbag, type HandbagSpec } from "./figure"
import { rng } from "./rng"

const pen = (lw = 1.6): Pen => new Pen(lw)

/** Where a prop stands in the scene (each prop says which point of it x and y mark). */
export interface At {
  x: number
  y: number
  /** Line width, in scene units. */
  lw?: number
}

/** A prop drawn in its own units around 0, 0 and then set in the scene by placed(). */
export interface Placed extends At {
  /** Scale. */
  s?: number
  /** Turn, in degrees. */
  rot?: number
}

/**
 * Sets a prop drawn in its own units into the scene: moved to x, y, turned by rot
 * degrees (when given) and scaled by s. Its pen is thinner by s, so that its lines
 * come out as wide as the scene's.
 */
function placed({ x, y, s = 1, rot, lw = 1.6 }: Placed, draw: (p: Pen) => void): string {
  const p = pen(lw / s)
  draw(p)
  const turn = rot === undefined ? "" : ` rotate(${rot})`
  return `<g transform="translate(${x} ${y})${turn} scale(${s})">${p.out.join("")}</g>`
}

export interface RailSpec {
  x1: number
  x2: number
  y: number
  floor: number
  lw?: number
  color?: string
}

/** A brass clothes rail with two uprights. */
export function rail({ x1, x2, y, floor, lw = 1.6, color = C.gold }: RailSpec): string {
  const p = pen(lw)
  p.line(`M${x1} ${y}L${x2} ${y}`, { w: 3.2, color, opacity: 1 })
  p.line(`M${x1} ${y}L${x1} ${floor}M${x2} ${y}L${x2} ${floor}`, { w: 2.6, color, opacity: 1 })
  p.line(`M${x1 - 50} ${floor}L${x1 + 50} ${floor}M${x2 - 50} ${floor}L${x2 + 50} ${floor}`, {
    w: 2.6,
    color,
    opacity: 1,
  })
  for (const x of [x1, x2]) p.raw(`<circle cx="${x}" cy="${y}" r="${lw * 3.2}" fill="${color}"/>`)
  return p.out.join("")
}

export interface TableSpec extends At {
  w: number
  h?: number
  legs?: number
  color?: string
}

/** A simple table or plinth seen straight on, with its top as a thin ellipse band. */
export function table({ x, y, w, h = 26, legs = 0, color = C.stone, lw = 1.6 }: TableSpec): string {
  const p = pen(lw)
  p.shape(`M${x} ${y}h${w}v${h}h${-w}Z`, color)
  p.raw(`<rect x="${x}" y="${y}" width="${w}" height="5" fill="#fff" opacity="0.35"/>`)
  if (legs) {
    const c = mix(color, C.ink, 0.15)
    p.shape(`M${x + 40} ${y + h}l8 ${legs}h10l-4 ${-legs}Z`, c)
    p.shape(`M${x + w - 40} ${y + h}l-8 ${legs}h-10l4 ${-legs}Z`, c)
  }
  return p.out.join("")
}

/** A soft shadow cast by an object onto a surface. */
export function contactShadow(cx: number, cy: number, rx: number, ry = 8, opacity = 0.16): string {
  return `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${C.ink}" opacity="${opacity}" filter="url(#blur12)"/>`
}

export interface MirrorSpec extends At {
  w: number
  h: number
  inner?: string
  id?: string
  frame?: string
}

/** Arched mirror with a gilt frame. `inner` is drawn clipped inside the glass. */
export function mirror({
  x,
  y,
  w,
  h,
  inner = "",
  lw = 1.6,
  id = "mirrorClip",
  frame = C.gold,
}: MirrorSpec): string {
  const r = w / 2
  const glass = `M${x} ${y + r}A${r} ${r} 0 0 1 ${x + w} ${y + r}V${y + h}H${x}Z`
  const o = 14
  const outer = `M${x - o} ${y + r}A${r + o} ${r + o} 0 0 1 ${x + w + o} ${y + r}V${y + h + o}H${x - o}Z`
  const p = pen(lw)
  p.shape(outer, frame, { shade: false })
  p.raw(`<path d="${outer}" fill="url(#sheen)" opacity="0.5"/>`)
  p.raw(`<clipPath id="${id}"><path d="${glass}"/></clipPath>`)
  p.raw(`<path d="${glass}" fill="#e9e4df"/>`)
  p.raw(`<g clip-path="url(#${id})">${inner}</g>`)
  // reflections: two soft diagonal streaks
  p.raw(
    `<g clip-path="url(#${id})" opacity="0.35"><path d="M${x + w * 0.1} ${y + h}L${x + w * 0.75} ${y}L${x + w * 0.95} ${y}L${x + w * 0.3} ${y + h}Z" fill="#fff"/><path d="M${x + w * 0.42} ${y + h}L${x + w * 1.05} ${y + h * 0.1}L${x + w * 1.1} ${y + h * 0.2}L${x + w * 0.5} ${y + h}Z" fill="#fff"/></g>`,
  )
  p.line(glass)
  return p.out.join("")
}

export interface WindowPaneSpec extends At {
  w: number
  h: number
  sky?: string
  frame?: string
}

/** A tall window with panes and a slanting fall of light on the floor/wall. */
export function windowPane({
  x,
  y,
  w,
  h,
  lw = 1.6,
  sky = "#eef0ea",
  frame = C.ivory,
}: WindowPaneSpec): string {
  const p = pen(lw)
  p.shape(`M${x - 18} ${y - 18}h${w + 36}v${h + 36}h${-(w + 36)}Z`, frame, { shade: false })
  const g = `<linearGradient id="skyG" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fbfcf8"/><stop offset="1" stop-color="${sky}"/></linearGradient>`
  p.raw(
    `<defs>${g}</defs><rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#skyG)" stroke="${C.ink}" stroke-opacity="0.5" stroke-width="${lw}"/>`,
  )
  // mullions: painted in the frame's colour, with a fine pen line along each
  const mullions = `M${x + w / 2} ${y}V${y + h}M${x} ${y + h * 0.34}H${x + w}M${x} ${y + h * 0.67}H${x + w}`
  p.line(mullions, { w: 3.4, color: frame, opacity: 1 })
  p.line(mullions, { w: 0.6, opacity: 0.35 })
  // sill
  p.shape(`M${x - 30} ${y + h + 18}h${w + 60}v14h${-(w + 60)}Z`, frame)
  return p.out.join("")
}

export interface VaseStemsSpec extends At {
  h?: number
  vase?: string
  leaf?: string
  seed?: number
}

/** Eucalyptus stems in a tall vase. */
export function vaseStems({
  x,
  y,
  h = 260,
  lw = 1.6,
  vase = C.ivory,
  leaf = C.sage,
  seed = 4,
}: VaseStemsSpec): string {
  const p = pen(lw)
  const rand = rng(seed)
  const stems: Pt[][] = []
  for (let i = 0; i < 5; i++) {
    const a = -0.5 + i * 0.25 + (rand() - 0.5) * 0.1
    const L = h * (0.8 + rand() * 0.5)
    const pts: Pt[] = [
      [x, y],
      [x + Math.sin(a) * L * 0.4, y - L * 0.45],
      [x + Math.sin(a) * L * 0.8 + (rand() - 0.5) * 20, y - L],
    ]
    stems.push(pts)
  }
  for (const s of stems) {
    p.line(smooth(s), { w: 0.9, color: mix(leaf, C.ink, 0.3), opacity: 1 })
    const sm = sampleSpline(s, 6).map((o) => o.p)
    sm.forEach((q, k) => {
      if (k < 2) return
      const side = k % 2 ? 1 : -1
      const r = 11 + rand() * 5
      const cx = q[0] + side * r * 0.9
      const cy = q[1] - 2
      p.shape(
        `M${P(q)}Q${P([cx, cy - r * 0.9])} ${P([cx + side * r * 0.6, cy])}Q${P([cx, cy + r * 0.8])} ${P(q)}Z`,
        mix(leaf, "#ffffff", rand() * 0.35),
        { shade: false },
      )
    })
  }
  const vh = h * 0.42
  p.shape(
    `M${x - 28} ${y - 6}C${x - 30} ${y + vh * 0.3} ${x - 52} ${y + vh * 0.5} ${x - 44} ${y + vh}H${x + 44}C${x + 52} ${y + vh * 0.5} ${x + 30} ${y + vh * 0.3} ${x + 28} ${y - 6}Z`,
    vase,
  )
  return p.out.join("")
}

export interface BlossomBranchSpec extends At {
  len?: number
  angle?: number
  seed?: number
  scale?: number
}

/** A flowering spring branch: a few twigs with five-petal blossoms. */
export function blossomBranch({
  x,
  y,
  len = 600,
  angle = 200,
  lw = 2,
  seed = 9,
  scale = 1,
}: BlossomBranchSpec): string {
  const p = pen(lw)
  const rand = rng(seed)
  const rad = (angle * Math.PI) / 180
  const dir: Pt = [Math.cos(rad), Math.sin(rad)]
  const main: Pt[] = [
    [x, y],
    [x + dir[0] * len * 0.35, y + dir[1] * len * 0.35 + 20],
    [x + dir[0] * len * 0.7, y + dir[1] * len * 0.7 - 10],
    [x + dir[0] * len, y + dir[1] * len + 30],
  ]
  const twigs: Pt[][] = [main]
  for (let i = 1; i < 4; i++) {
    const b = nth(main, i)
    const a2 = rad + (i % 2 ? 0.7 : -0.6)
    const l2 = len * (0.22 + rand() * 0.15)
    twigs.push([
      b,
      [b[0] + Math.cos(a2) * l2 * 0.5, b[1] + Math.sin(a2) * l2 * 0.5 + 6],
      [b[0] + Math.cos(a2) * l2, b[1] + Math.sin(a2) * l2],
    ])
  }
  const bark = "#6e5a52"
  twigs.forEach((t, i) => p.line(smooth(t), { w: i ? 1.6 : 3.2, color: bark, opacity: 0.9 }))
  const flower = (cx: number, cy: number, r: number, col: string): string => {
    let d = ""
    const rot = rand() * Math.PI
    for (let k = 0; k < 5; k++) {
      const a = rot + (k * Math.PI * 2) / 5
      const px = cx + Math.cos(a) * r * 0.55
      const py = cy + Math.sin(a) * r * 0.55
      d += `<ellipse cx="${px.toFixed(1)}" cy="${py.toFixed(1)}" rx="${(r * 0.5).toFixed(1)}" ry="${(r * 0.38).toFixed(1)}" transform="rotate(${((a * 180) / Math.PI).toFixed(0)} ${px.toFixed(1)} ${py.toFixed(1)})" fill="${col}"/>`
    }
    d += `<circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="${(r * 0.16).toFixed(1)}" fill="${C.garnet}" opacity="0.7"/>`
    return d
  }
  for (const t of twigs) {
    const sm = sampleSpline(t, 5).map((o) => o.p)
    sm.forEach((q, k) => {
      if (k === 0 || rand() < 0.35) return
      const r = (14 + rand() * 10) * scale
      const col = rand() < 0.5 ? "#f6e6e4" : rand() < 0.5 ? C.blush : C.roseLight
      p.raw(flower(q[0] + (rand() - 0.5) * 26, q[1] + (rand() - 0.5) * 26, r, col))
    })
  }
  return p.out.join("")
}

export interface SwatchSpec extends At {
  w?: number
  h?: number
  color: string
  rot?: number
}

/** A colour swatch card, like a paint chip, slightly rotated. */
export function swatch({ x, y, w = 210, h = 290, color, rot = 0, lw = 1.6 }: SwatchSpec): string {
  const p = pen(lw)
  p.raw(
    `<rect x="${x + 8}" y="${y + 12}" width="${w}" height="${h}" fill="${C.ink}" opacity="0.08" filter="url(#blur12)" transform="rotate(${rot} ${x} ${y})"/>`,
  )
  p.raw(`<g transform="rotate(${rot} ${x} ${y})">`)
  p.shape(`M${x} ${y}h${w}v${h}h${-w}Z`, "#fffdfa", { shade: false })
  p.raw(
    `<rect x="${x + 14}" y="${y + 14}" width="${w - 28}" height="${h * 0.68}" fill="${color}"/>`,
  )
  p.line(`M${x + 18} ${y + h * 0.8}h${w * 0.5}M${x + 18} ${y + h * 0.88}h${w * 0.32}`, {
    w: 1.4,
    opacity: 0.3,
  })
  p.raw("</g>")
  return p.out.join("")
}

/** A strand of pearls lying along a loose curve. */
export function pearlStrand(pts: Pt[], { r = 9, lw = 1.6 } = {}): string {
  const sm = sampleSpline(pts, 40).map((o) => o.p)
  const out: string[] = []
  let acc = 0
  for (let i = 1; i < sm.length; i++) {
    const a = nth(sm, i - 1)
    const b = nth(sm, i)
    acc += Math.hypot(b[0] - a[0], b[1] - a[1])
    if (acc >= r * 2.02) {
      acc = 0
      out.push(
        `<circle cx="${b[0].toFixed(1)}" cy="${b[1].toFixed(1)}" r="${r}" fill="url(#pearl)" stroke="${C.ink}" stroke-opacity="0.3" stroke-width="${lw * 0.7}"/>`,
      )
    }
  }
  return out.join("")
}

/** Folded sunglasses seen from the front. */
export function sunglasses({ rot = 0, ...at }: Placed): string {
  const lens = (cx: number) =>
    `M${cx - 52} -18C${cx - 52} -34 ${cx + 48} -36 ${cx + 50} -16C${cx + 52} 10 ${cx + 30} 34 ${cx} 34C${cx - 34} 34 ${cx - 52} 10 ${cx - 52} -18Z`
  return placed({ ...at, rot }, (p) => {
    for (const cx of [-60, 60]) {
      p.shape(lens(cx), "#3b3035")
      p.raw(`<path d="${lens(cx)}" fill="url(#sheen)" opacity="0.7"/>`)
    }
    p.line("M-10 -20Q0 -30 10 -20", { w: 2.2, color: C.gold, opacity: 1 })
    p.line("M-112 -24L-104 30M112 -24L104 30", { w: 2.4, color: "#3b3035", opacity: 1 })
  })
}

export type BagSpec = Placed & HandbagSpec

/** Standalone handbag at scene scale. */
export function bag({ x, y, s, rot, lw, ...opts }: BagSpec): string {
  return placed({ x, y, s, rot, lw }, (p) => handbag(p, [0, 0], opts))
}

export interface SilkSquareSpec extends At {
  size: number
  rot?: number
  base?: string
  border?: string
  accent?: string
  seed?: number
  /** How far the edges ripple. */
  wave?: number
}

/** A square silk scarf laid flat (rotated), with a border and a medallion print. */
export function silkSquare({
  x,
  y,
  size,
  rot = 0,
  base = C.garnet,
  border = C.gold,
  accent = C.ivory,
  lw = 1.6,
  seed = 2,
  wave = 14,
}: SilkSquareSpec): string {
  const p = pen(lw)
  const h = size / 2
  const rand = rng(seed)
  // gently rippled edges
  const edge = (a: Pt, b: Pt): Pt[] => {
    const pts: Pt[] = []
    for (let i = 0; i <= 6; i++) {
      const q = lerp(a, b, i / 6)
      const off = i === 0 || i === 6 ? 0 : (rand() - 0.5) * wave
      pts.push([q[0] + off, q[1] + off])
    }
    return pts
  }
  const c: [Pt, Pt, Pt, Pt] = [
    [-h, -h],
    [h, -h],
    [h, h],
    [-h, h],
  ]
  const pts = [
    ...edge(c[0], c[1]),
    ...edge(c[1], c[2]).slice(1),
    ...edge(c[2], c[3]).slice(1),
    ...edge(c[3], c[0]).slice(1, -1),
  ]
  const d = smooth(pts, true, 0.6)
  const g: string[] = []
  g.push(
    `<path d="${d}" fill="${C.ink}" opacity="0.12" transform="translate(10 14)" filter="url(#blur12)"/>`,
  )
  g.push(`<path d="${d}" fill="${base}"/>`)
  const b = size * 0.08
  g.push(
    `<rect x="${-h + b}" y="${-h + b}" width="${size - 2 * b}" height="${size - 2 * b}" fill="none" stroke="${border}" stroke-width="${b * 0.35}"/>`,
  )
  g.push(
    `<rect x="${-h + b * 1.6}" y="${-h + b * 1.6}" width="${size - 3.2 * b}" height="${size - 3.2 * b}" fill="none" stroke="${accent}" stroke-width="${lw * 1.2}" opacity="0.8"/>`,
  )
  // medallion
  const r = size * 0.2
  g.push(`<circle r="${r}" fill="none" stroke="${border}" stroke-width="${lw * 3}"/>`)
  for (let k = 0; k < 8; k++) {
    const a = (k * Math.PI) / 4
    g.push(
      `<ellipse cx="${(Math.cos(a) * r * 0.55).toFixed(1)}" cy="${(Math.sin(a) * r * 0.55).toFixed(1)}" rx="${(r * 0.36).toFixed(1)}" ry="${(r * 0.14).toFixed(1)}" transform="rotate(${k * 45} ${(Math.cos(a) * r * 0.55).toFixed(1)} ${(Math.sin(a) * r * 0.55).toFixed(1)})" fill="${accent}" opacity="0.9"/>`,
    )
  }
  g.push(`<circle r="${r * 0.16}" fill="${border}"/>`)
  // corner motifs
  for (const [sx, sy] of c) {
    const cx = sx * 0.62
    const cy = sy * 0.62
    g.push(`<circle cx="${cx}" cy="${cy}" r="${size * 0.045}" fill="${accent}" opacity="0.85"/>`)
    g.push(
      `<circle cx="${cx}" cy="${cy}" r="${size * 0.075}" fill="none" stroke="${border}" stroke-width="${lw * 1.6}"/>`,
    )
  }
  g.push(`<path d="${d}" fill="url(#sheen)" opacity="0.35"/>`)
  g.push(
    `<path d="${d}" fill="none" stroke="${C.ink}" stroke-opacity="0.55" stroke-width="${lw}"/>`,
  )
  p.raw(`<g transform="translate(${x} ${y}) rotate(${rot})">${g.join("")}</g>`)
  return p.out.join("")
}

export interface FoldedStackSpec extends At {
  w?: number
  items: { color: string; h?: number; rib?: boolean }[]
}

/** A stack of folded knits or shirts. */
export function foldedStack({ x, y, w = 300, items, lw = 1.6 }: FoldedStackSpec): string {
  const p = pen(lw)
  let cy = y
  for (const it of items) {
    const h = it.h ?? 46
    cy -= h
    const d = `M${x - w / 2 + 10} ${cy}H${x + w / 2 - 10}Q${x + w / 2} ${cy} ${x + w / 2} ${cy + h * 0.5}Q${x + w / 2} ${cy + h} ${x + w / 2 - 14} ${cy + h}H${x - w / 2 + 14}Q${x - w / 2} ${cy + h} ${x - w / 2} ${cy + h * 0.5}Q${x - w / 2} ${cy} ${x - w / 2 + 10} ${cy}Z`
    p.shape(d, it.color)
    if (it.rib) {
      for (let i = 1; i < 16; i++)
        p.fold(`M${x - w / 2 + (i * w) / 16} ${cy + h * 0.62}v${h * 0.3}`, 0.25)
      p.fold(`M${x - w / 2 + 4} ${cy + h * 0.58}H${x + w / 2 - 4}`, 0.35)
    }
    p.fold(
      `M${x - w * 0.3} ${cy + h * 0.35}Q${x} ${cy + h * 0.5} ${x + w * 0.3} ${cy + h * 0.35}`,
      0.3,
    )
  }
  return p.out.join("")
}

export interface SuitcaseSpec extends At {
  w?: number
  h?: number
  color?: string
  trim?: string
}

/** A hard-shell suitcase standing upright, with a telescopic handle. */
export function suitcase({
  x,
  y,
  w = 260,
  h = 360,
  color = C.stone,
  trim = C.garnet,
  lw = 1.6,
}: SuitcaseSpec): string {
  const p = pen(lw)
  const top = y - h
  p.line(`M${x - w * 0.22} ${top}V${top - h * 0.28}H${x + w * 0.22}V${top}`, {
    w: 3,
    color: "#8c8177",
    opacity: 1,
  })
  p.shape(
    `M${x - w / 2 + 24} ${top}H${x + w / 2 - 24}Q${x + w / 2} ${top} ${x + w / 2} ${top + 24}V${y - 24}Q${x + w / 2} ${y} ${x + w / 2 - 24} ${y}H${x - w / 2 + 24}Q${x - w / 2} ${y} ${x - w / 2} ${y - 24}V${top + 24}Q${x - w / 2} ${top} ${x - w / 2 + 24} ${top}Z`,
    color,
  )
  for (const f of [0.25, 0.5, 0.75]) p.fold(`M${x - w / 2 + w * f} ${top + 16}V${y - 16}`, 0.3)
  p.shape(`M${x - w / 2} ${top + h * 0.44}H${x + w / 2}v16H${x - w / 2}Z`, trim, { shade: false })
  for (const dx of [-0.32, 0.32])
    p.shape(`M${x + w * dx - 10} ${y}h20v14h-20Z`, C.inkSoft, { shade: false })
  return p.out.join("")
}

export interface ArmchairSpec extends At {
  w?: number
  color?: string
}

/** A curved armchair in velvet: rounded back, two arms and a seat cushion. */
export function armchair({ x, y, w = 340, color = C.rose, lw = 1.6 }: ArmchairSpec): string {
  const p = pen(lw)
  const h = w * 0.9
  const dark = mix(color, C.ink, 0.1)
  const top = y - h
  const seatY = y - h * 0.36
  // back
  p.shape(
    `M${x - w * 0.38} ${seatY}V${top + w * 0.3}C${x - w * 0.38} ${top - w * 0.02} ${x + w * 0.38} ${top - w * 0.02} ${x + w * 0.38} ${top + w * 0.3}V${seatY}Z`,
    color,
  )
  // a fold down each side of the back
  for (const k of [-1, 1]) {
    const dx = (f: number) => x + k * w * f
    p.fold(
      `M${dx(0.2)} ${top + w * 0.2}C${dx(0.22)} ${top + w * 0.4} ${dx(0.2)} ${seatY - 40} ${dx(0.22)} ${seatY - 10}`,
      0.3,
    )
  }
  // seat cushion
  p.shape(
    `M${x - w * 0.36} ${seatY - 16}H${x + w * 0.36}Q${x + w * 0.4} ${seatY + 10} ${x + w * 0.36} ${seatY + 34}H${x - w * 0.36}Q${x - w * 0.4} ${seatY + 10} ${x - w * 0.36} ${seatY - 16}Z`,
    mix(color, "#ffffff", 0.08),
  )
  // base
  p.shape(
    `M${x - w * 0.46} ${seatY + 30}H${x + w * 0.46}V${y - h * 0.1}Q${x} ${y - h * 0.06} ${x - w * 0.46} ${y - h * 0.1}Z`,
    dark,
  )
  // arms
  for (const k of [-1, 1]) {
    const ax = x + k * w * 0.42
    p.shape(
      `M${ax - w * 0.08} ${y - h * 0.1}V${seatY - 40}C${ax - w * 0.08} ${seatY - 90} ${ax + w * 0.08} ${seatY - 90} ${ax + w * 0.08} ${seatY - 40}V${y - h * 0.1}Z`,
      color,
    )
  }
  const legC = mix(C.gold, C.ink, 0.25)
  // splayed legs
  for (const k of [-1, 1])
    p.shape(
      `M${x + k * w * 0.4} ${y - h * 0.1}l${k * 10} ${h * 0.1}h${-k * 9}l${-k * 14} ${-h * 0.1}Z`,
      legC,
      { shade: false },
    )
  return p.out.join("")
}

export interface PendantSpec extends At {
  r?: number
}

/** A globe pendant lamp hanging from the top edge. */
export function pendant({ x, y, r = 46, lw = 1.6 }: PendantSpec): string {
  const p = pen(lw)
  p.line(`M${x} 0V${y - r}`, { w: 0.8, opacity: 0.6 })
  p.raw(
    `<circle cx="${x}" cy="${y}" r="${r * 3}" fill="#fff6e0" opacity="0.45" filter="url(#blur30)"/>`,
  )
  p.shape(`M${x - r * 0.2} ${y - r * 1.05}h${r * 0.4}v${r * 0.2}h${-r * 0.4}Z`, C.gold, {
    shade: false,
  })
  p.raw(
    `<circle cx="${x}" cy="${y}" r="${r}" fill="#fffaf0" stroke="${C.ink}" stroke-opacity="0.4" stroke-width="${lw}"/>`,
  )
  return p.out.join("")
}

export interface GlovesSpec extends Placed {
  color?: string
}

/** Leather gloves laid as a pair. */
export function gloves({ color = C.inkSoft, rot = 0, ...at }: GlovesSpec): string {
  return placed({ ...at, rot }, (p) => {
    const glove = (dx: number, r: number) => {
      const g = new Pen(p.lw)
      g.shape(
        "M-40 120L-44 10C-46 -10 -58 -40 -50 -70C-46 -84 -34 -80 -34 -64L-30 -30L-28 -100C-28 -116 -10 -116 -10 -100L-8 -40L-4 -112C-4 -128 14 -128 14 -112L14 -40L22 -100C24 -114 40 -112 40 -96L34 -30L44 -62C48 -76 62 -72 60 -58L46 20L42 120Z",
        color,
      )
      g.fold("M-36 110H38", 0.4)
      g.fold("M-6 20Q0 60 -4 100", 0.3)
      return `<g transform="translate(${dx} 0) rotate(${r})">${g.out.join("")}</g>`
    }
    p.raw(glove(-40, -14) + glove(50, 10))
  })
}

export interface HatBoxSpec extends At {
  w?: number
  h?: number
  color?: string
  ribbon?: string
}

/** A round hat box with a ribbon. */
export function hatBox({
  x,
  y,
  w = 320,
  h = 220,
  color = C.blush,
  ribbon = C.garnet,
  lw = 1.6,
}: HatBoxSpec): string {
  const p = pen(lw)
  const ry = w * 0.14
  p.shape(`M${x - w / 2} ${y - h}V${y}A${w / 2} ${ry} 0 0 0 ${x + w / 2} ${y}V${y - h}Z`, color)
  p.shape(`M${x - 10} ${y - h}v${h + ry}h20v${-(h + ry)}Z`, ribbon, { shade: false })
  p.shape(
    `M${x - w / 2 - 6} ${y - h}A${w / 2 + 6} ${ry} 0 0 0 ${x + w / 2 + 6} ${y - h}v-36A${w / 2 + 6} ${ry} 0 0 0 ${x - w / 2 - 6} ${y - h - 36}Z`,
    mix(color, C.ink, 0.05),
  )
  p.shape(
    `M${x - w / 2 - 6} ${y - h - 36}A${w / 2 + 6} ${ry} 0 0 1 ${x + w / 2 + 6} ${y - h - 36}A${w / 2 + 6} ${ry} 0 0 1 ${x - w / 2 - 6} ${y - h - 36}Z`,
    mix(color, "#ffffff", 0.35),
    { shade: false },
  )
  return p.out.join("")
}

export interface RestingHatSpec extends At {
  w?: number
  color?: string
  band?: string
}

/** A wide-brimmed hat resting on a surface (three-quarter view). */
export function restingHat({
  x,
  y,
  w = 420,
  color = "#e3d3b8",
  band = C.garnet,
  lw = 1.6,
}: RestingHatSpec): string {
  const p = pen(lw)
  const ry = w * 0.16
  p.shape(
    `M${x - w / 2} ${y}A${w / 2} ${ry} 0 0 1 ${x + w / 2} ${y}A${w / 2} ${ry} 0 0 1 ${x - w / 2} ${y}Z`,
    color,
  )
  const cw = w * 0.42
  p.shape(
    `M${x - cw / 2} ${y - 4}C${x - cw / 2} ${y - w * 0.38} ${x + cw / 2} ${y - w * 0.38} ${x + cw / 2} ${y - 4}A${cw / 2} ${ry * 0.45} 0 0 1 ${x - cw / 2} ${y - 4}Z`,
    mix(color, C.ink, 0.04),
  )
  p.shape(
    `M${x - cw / 2 + 2} ${y - 30}A${cw / 2} ${ry * 0.45} 0 0 0 ${x + cw / 2 - 2} ${y - 30}V${y - 6}A${cw / 2} ${ry * 0.45} 0 0 1 ${x - cw / 2 + 2} ${y - 6}Z`,
    band,
    { shade: false },
  )
  return p.out.join("")
}

export interface BroochSpec extends At {
  r?: number
}

/** A brooch: gold flower with a pearl centre. */
export function brooch({ x, y, r = 34, lw = 1.6 }: BroochSpec): string {
  const p = pen(lw)
  for (let k = 0; k < 6; k++) {
    const a = (k * Math.PI) / 3
    p.raw(
      `<ellipse cx="${(x + Math.cos(a) * r * 0.6).toFixed(1)}" cy="${(y + Math.sin(a) * r * 0.6).toFixed(1)}" rx="${r * 0.42}" ry="${r * 0.26}" transform="rotate(${k * 60} ${(x + Math.cos(a) * r * 0.6).toFixed(1)} ${(y + Math.sin(a) * r * 0.6).toFixed(1)})" fill="${C.gold}" stroke="${C.ink}" stroke-opacity="0.4" stroke-width="${lw * 0.7}"/>`,
    )
  }
  p.raw(
    `<circle cx="${x}" cy="${y}" r="${r * 0.32}" fill="url(#pearl)" stroke="${C.ink}" stroke-opacity="0.3" stroke-width="${lw * 0.7}"/>`,
  )
  return p.out.join("")
}

export interface WatchSpec extends Placed {
  strap?: string
}

/** A wristwatch with a leather strap, laid flat. */
export function watch({ strap = C.garnetDeep, rot = 0, ...at }: WatchSpec): string {
  return placed({ ...at, rot }, (p) => {
    p.shape("M-22 -150H22V-40H-22Z", strap)
    p.shape("M-22 40H22V150H-22Z", strap)
    p.raw(
      `<circle r="54" fill="${C.gold}" stroke="${C.ink}" stroke-opacity="0.5" stroke-width="${p.lw}"/><circle r="44" fill="#fbf8f4"/>`,
    )
    for (let k = 0; k < 12; k++)
      p.raw(
        `<rect x="-1.5" y="-40" width="3" height="${k % 3 ? 5 : 10}" fill="${C.inkSoft}" transform="rotate(${k * 30})"/>`,
      )
    p.line("M0 0L0 -30M0 0L20 8", { w: 1.6, opacity: 0.9 })
  })
}

/** A tape measure ribbon curling across the page. */
export function tapeMeasure(pts: Pt[], { w = 26, lw = 1.6, color = "#efe3c8" } = {}): string {
  const sm = sampleSpline(pts, 20).map((o) => o.p)
  const p = pen(lw)
  p.line(smooth(sm), { w: w / lw + 1.2, color: C.ink, opacity: 0.5 })
  p.line(smooth(sm), { w: w / lw, color, opacity: 1 })
  // tick marks
  for (let i = 2; i < sm.length - 1; i += 2) {
    const a = nth(sm, i - 1)
    const b = nth(sm, i + 1)
    const dx = b[0] - a[0]
    const dy = b[1] - a[1]
    const l = Math.hypot(dx, dy) || 1
    const nx = -dy / l
    const ny = dx / l
    const q = nth(sm, i)
    const t = i % 10 === 0 ? w * 0.45 : w * 0.25
    p.line(
      `M${P([q[0] + nx * (w / 2), q[1] + ny * (w / 2)])}l${(-nx * t).toFixed(1)} ${(-ny * t).toFixed(1)}`,
      { w: 0.7, opacity: 0.6 },
    )
  }
  return p.out.join("")
}

export interface FloorSpec {
  w: number
  y: number
  color?: string
  lw?: number
}

/** Floor line and skirting for interiors. */
export function floor({ w, y, color = C.linen, lw = 1.6 }: FloorSpec): string {
  const p = pen(lw)
  p.raw(`<rect x="0" y="${y}" width="${w}" height="2000" fill="${color}"/>`)
  p.line(`M0 ${y}H${w}`, { w: 1, opacity: 0.35 })
  return p.out.join("")
}

export interface DrapedScarfSpec extends At {
  w?: number
  h?: number
  base?: string
  border?: string
  /** Id of the fill pattern. */
  pattern?: string
  seed?: number
}

/** A long silk scarf hanging over an edge, patterned and bordered. */
export function drapedScarf({
  x,
  y,
  w = 180,
  h = 340,
  base = C.garnet,
  border = C.gold,
  pattern = "dots",
  lw = 1.6,
  seed = 3,
}: DrapedScarfSpec): string {
  const p = pen(lw)
  const rand = rng(seed)
  const bottom: Pt[] = []
  for (let i = 0; i <= 4; i++)
    bottom.push([x + w - (i * w) / 4, y + h + (i % 2 ? 14 : -6) + rand() * 8])
  const [bx, by] = nth(bottom, 0)
  const d = `M${x} ${y}Q${x + w / 2} ${y - 10} ${x + w} ${y}C${x + w + 16} ${y + h * 0.4} ${x + w - 10} ${y + h * 0.7} ${bx} ${by}${smooth(bottom).replace(/^M[^C]*/, "")}C${x - 14} ${y + h * 0.7} ${x + 10} ${y + h * 0.4} ${x} ${y}Z`
  p.shape(d, base)
  p.raw(`<path d="${d}" fill="url(#${pattern})"/>`)
  p.line(
    `M${x + 14} ${y + 4}C${x + 4} ${y + h * 0.45} ${x + 22} ${y + h * 0.7} ${x + 12} ${y + h}`,
    { w: 3, color: border, opacity: 0.9 },
  )
  p.line(
    `M${x + w - 14} ${y + 4}C${x + w + 2} ${y + h * 0.45} ${x + w - 20} ${y + h * 0.7} ${x + w - 12} ${y + h - 4}`,
    { w: 3, color: border, opacity: 0.9 },
  )
  p.fold(
    `M${x + w * 0.45} ${y + 10}C${x + w * 0.3} ${y + h * 0.4} ${x + w * 0.55} ${y + h * 0.7} ${x + w * 0.45} ${y + h}`,
    0.35,
  )
  return p.out.join("")
}

export interface TwillySpec extends Placed {
  color?: string
}

/** A silk twilly tied in a bow, e.g. around a bag handle. */
export function twilly({ color = C.rose, ...at }: TwillySpec): string {
  return placed(at, (p) => {
    p.shape("M0 0C-30 -26 -56 -10 -44 8C-34 20 -12 10 0 0Z", color)
    p.shape("M0 0C30 -26 56 -10 44 8C34 20 12 10 0 0Z", color)
    p.shape("M-2 2C-10 30 -22 58 -14 86L-2 80C-6 56 2 30 4 4Z", color)
    p.shape("M2 2C14 26 28 46 24 74L36 70C36 44 16 22 4 0Z", color)
    p.raw('<path d="M-44 8C-34 20 -12 10 0 0" fill="none" stroke="url(#stripes)"/>')
    p.shape("M-7 -7h14v14h-14Z", color, { shade: false })
  })
}

export interface OvalMirrorSpec {
  cx: number
  cy: number
  rx: number
  ry: number
  lw?: number
  tint?: string
}

/** An oval wall mirror with a slim gilt frame. */
export function ovalMirror({ cx, cy, rx, ry, lw = 1.6, tint = "#ece6e1" }: OvalMirrorSpec): string {
  const p = pen(lw)
  p.raw(
    `<ellipse cx="${cx}" cy="${cy}" rx="${rx + 12}" ry="${ry + 12}" fill="${C.gold}" stroke="${C.ink}" stroke-opacity="0.45" stroke-width="${lw}"/>`,
  )
  p.raw(
    `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${tint}" stroke="${C.ink}" stroke-opacity="0.45" stroke-width="${lw}"/>`,
  )
  p.raw(`<clipPath id="ovalClip"><ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}"/></clipPath>`)
  p.raw(
    `<g clip-path="url(#ovalClip)" opacity="0.45"><path d="M${cx - rx} ${cy + ry * 0.3}L${cx + rx * 0.2} ${cy - ry}H${cx + rx * 0.5}L${cx - rx * 0.6} ${cy + ry}Z" fill="#fff"/></g>`,
  )
  return p.out.join("")
}
