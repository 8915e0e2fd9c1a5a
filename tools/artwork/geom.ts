/**
 * Small geometry helpers that turn control points into compact SVG path data.
 */

/** A point or a vector: [x, y]. */
export type Pt = [number, number]

/** A point on a spline and its joint parameter. */
export interface Sample {
  p: Pt
  u: number
}

/** See limb(). */
export interface Tube {
  d: string
  edge: string
  left: Pt[]
  right: Pt[]
}

/** `list[i]` for an index the caller keeps in range: throws rather than returning undefined. */
export function nth<T>(list: readonly T[], i: number): T {
  const item = list[i]
  if (item === undefined) throw new RangeError(`no item ${i} in a list of ${list.length}`)
  return item
}

/** Round to one decimal: keeps the SVG short without visible loss. */
export const r1 = (n: number): number => Math.round(n * 10) / 10
export const P = ([x, y]: Pt): string => `${r1(x)} ${r1(y)}`

export const add = (a: Pt, b: Pt): Pt => [a[0] + b[0], a[1] + b[1]]
export const sub = (a: Pt, b: Pt): Pt => [a[0] - b[0], a[1] - b[1]]
export const mul = (a: Pt, k: number): Pt => [a[0] * k, a[1] * k]
export const lerp = (a: Pt, b: Pt, t: number): Pt => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
]
export const len = (a: Pt): number => Math.hypot(a[0], a[1])
export const norm = (a: Pt): Pt => {
  const l = len(a) || 1
  return [a[0] / l, a[1] / l]
}
/** Left-hand normal of a direction (for a downward direction this points to +x... see limb). */
export const perp = (a: Pt): Pt => [-a[1], a[0]]

/**
 * A smooth path through points (Catmull-Rom converted to cubic Béziers).
 * `closed` joins the last point back to the first; `tension` 1 is standard.
 */
export function smooth(pts: readonly Pt[], closed = false, tension = 1): string {
  const n = pts.length
  if (n < 2) return ""
  const get = (i: number) => nth(pts, closed ? (i + n) % n : Math.max(0, Math.min(n - 1, i)))
  let d = `M${P(nth(pts, 0))}`
  const segs = closed ? n : n - 1
  const k = tension / 6
  for (let i = 0; i < segs; i++) {
    const p0 = get(i - 1)
    const p1 = get(i)
    const p2 = get(i + 1)
    const p3 = get(i + 2)
    const c1: Pt = [p1[0] + (p2[0] - p0[0]) * k, p1[1] + (p2[1] - p0[1]) * k]
    const c2: Pt = [p2[0] - (p3[0] - p1[0]) * k, p2[1] - (p3[1] - p1[1]) * k]
    d += `C${P(c1)} ${P(c2)} ${P(p2)}`
  }
  return closed ? d + "Z" : d
}

/** Continue a path smoothly through more points (no leading M). */
export function smoothTail(pts: readonly Pt[], tension = 1): string {
  return smooth(pts, false, tension).replace(/^M[^C]*/, "")
}

/** Sample a Catmull-Rom spline through `pts`; each sample carries its joint parameter u. */
export function sampleSpline(pts: readonly Pt[], perSeg = 8): Sample[] {
  const n = pts.length
  const get = (i: number) => nth(pts, Math.max(0, Math.min(n - 1, i)))
  const out: Sample[] = []
  for (let i = 0; i < n - 1; i++) {
    const p0 = get(i - 1)
    const p1 = get(i)
    const p2 = get(i + 1)
    const p3 = get(i + 2)
    for (let s = 0; s < perSeg; s++) {
      const t = s / perSeg
      const t2 = t * t
      const t3 = t2 * t
      const c = (a: number, b: number, c_: number, d: number) =>
        0.5 *
        (2 * b + (-a + c_) * t + (2 * a - 5 * b + 4 * c_ - d) * t2 + (-a + 3 * b - 3 * c_ + d) * t3)
      out.push({ p: [c(p0[0], p1[0], p2[0], p3[0]), c(p0[1], p1[1], p2[1], p3[1])], u: i + t })
    }
  }
  out.push({ p: nth(pts, n - 1), u: n - 1 })
  return out
}

export type Cap = "round" | "flat"

export interface LimbOptions {
  from?: number
  to?: number
  cap?: Cap
  capStart?: Cap
}

/**
 * A tapered tube along a spine (arms, legs, sleeves, trouser legs).
 * widths: full width at each spine point. from/to: joint parameter range to draw.
 * Returns { d: closed fill path, edge: open outline without the start cap }.
 */
export function limb(
  spine: readonly Pt[],
  widths: readonly number[],
  { from = 0, to = spine.length - 1, cap = "round", capStart = "flat" }: LimbOptions = {},
): Tube {
  const samples = sampleSpline(spine, 10).filter((s) => s.u >= from - 1e-6 && s.u <= to + 1e-6)
  const widthAt = (u: number) => {
    const i = Math.min(Math.floor(u), widths.length - 2)
    const t = u - i
    const e = t * t * (3 - 2 * t)
    const w0 = nth(widths, i)
    return w0 + (nth(widths, i + 1) - w0) * e
  }
  const left: Pt[] = []
  const right: Pt[] = []
  samples.forEach((s, k) => {
    const a = nth(samples, Math.max(0, k - 1)).p
    const b = nth(samples, Math.min(samples.length - 1, k + 1)).p
    const nrm = perp(norm(sub(b, a)))
    const w = widthAt(s.u) / 2
    left.push(add(s.p, mul(nrm, w)))
    right.push(add(s.p, mul(nrm, -w)))
  })
  const last = nth(samples, samples.length - 1)
  const prev = nth(samples, samples.length - 2)
  const dir = norm(sub(last.p, prev.p))
  const wEnd = widthAt(last.u)
  const L = nth(left, left.length - 1)
  const R = nth(right, right.length - 1)
  let capD: string
  if (cap === "round") {
    capD = `C${P(add(L, mul(dir, wEnd * 0.62)))} ${P(add(R, mul(dir, wEnd * 0.62)))} ${P(R)}`
  } else {
    capD = `L${P(R)}`
  }
  const sideL = smooth(left)
  const sideR = smoothTail([...right].reverse())
  const edge = `${sideL}${capD}${sideR}`
  let startD = "Z"
  if (capStart === "round") {
    const s0 = nth(samples, 0)
    const d0 = norm(sub(nth(samples, 1).p, s0.p))
    const w0 = widthAt(s0.u) * 0.62
    const l0 = nth(left, 0)
    startD = `C${P(add(nth(right, 0), mul(d0, -w0)))} ${P(add(l0, mul(d0, -w0)))} ${P(l0)}Z`
  }
  return { d: `${edge}${startD}`, edge, left, right }
}
