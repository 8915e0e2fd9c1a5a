/**
 * The Evergrace figure: a tall, graceful fashion croquis (about ten heads tall),
 * built from a handful of joints so the same drawing hand dresses every woman.
 *
 * Local units: the figure stands 1000 units tall, head top near y=0, soles near
 * y=1000, centre line x=0. "L" and "R" mean the viewer's left and right.
 */
import { C, SKIN, HAIR, mix } from "./palette"
import {
  P,
  add,
  lerp,
  limb,
  mul,
  norm,
  nth,
  sampleSpline,
  smooth,
  smoothTail,
  sub,
  type LimbOptions,
  type Pt,
  type Tube,
} from "./geom"
import { rng } from "./rng"

type Side = "L" | "R"

/** A skin tone: base fill, shaded side, lip colour. */
interface Skin {
  base: string
  shade: string
  lip: string
}

/* ------------------------------------------------------------------ poses */

const ARMS = {
  down: [
    [58, 180],
    [80, 338],
    [88, 480],
    [90, 512],
    [90, 544],
  ],
  swingBack: [
    [58, 178],
    [86, 336],
    [100, 472],
    [104, 504],
    [106, 534],
  ],
  swingFwd: [
    [58, 182],
    [74, 338],
    [66, 468],
    [63, 500],
    [59, 530],
  ],
  hip: [
    [58, 180],
    [114, 292],
    [80, 352],
    [66, 364],
    [52, 370],
  ],
  cup: [
    [58, 180],
    [88, 330],
    [54, 286],
    [42, 274],
    [32, 264],
  ],
  chest: [
    [58, 180],
    [90, 330],
    [46, 262],
    [34, 248],
    [24, 238],
  ],
  pocket: [
    [58, 180],
    [86, 330],
    [76, 436],
  ],
  bag: [
    [58, 180],
    [84, 336],
    [94, 474],
    [96, 506],
    [96, 536],
  ],
  crook: [
    [58, 180],
    [88, 336],
    [66, 292],
    [58, 280],
    [50, 270],
  ],
  hang: [
    [58, 180],
    [66, 338],
    [68, 480],
  ],
  offer: [
    [58, 180],
    [100, 316],
    [152, 270],
    [164, 258],
    [176, 248],
  ],
} satisfies Record<string, Pt[]>

/** The body's joints in one stance; each leg runs hip, knee, calf, ankle. */
interface Stance {
  hip: Pt
  waist: Pt
  shL: Pt
  shR: Pt
  head: Pt
  legL: Pt[]
  toeL: Pt
  legR: Pt[]
  toeR: Pt
}

/** A stance with its arms and the head's tilt and turn: what a figure is drawn from. */
interface Pose extends Stance {
  armL: Pt[]
  armR: Pt[]
  tilt: number
  turn: number
}

interface PoseSpec {
  legs?: keyof typeof LEGS
  armL?: keyof typeof ARMS
  armR?: keyof typeof ARMS
  mirror?: boolean
  head?: { tilt?: number; turn?: number }
}

const LEGS = {
  walk: {
    hip: [-10, 440],
    waist: [-4, 336],
    shL: [-64, 176],
    shR: [64, 168],
    head: [2, 62],
    legL: [
      [-34, 462],
      [-18, 704],
      [-12, 790],
      [-2, 930],
    ],
    toeL: [-2, 998],
    legR: [
      [24, 474],
      [32, 722],
      [26, 808],
      [16, 954],
    ],
    toeR: [20, 1020],
  },
  stand: {
    hip: [10, 440],
    waist: [4, 336],
    shL: [-64, 168],
    shR: [64, 176],
    head: [0, 62],
    legL: [
      [-22, 468],
      [-32, 702],
      [-38, 788],
      [-46, 926],
    ],
    toeL: [-60, 992],
    legR: [
      [40, 468],
      [26, 706],
      [20, 792],
      [10, 932],
    ],
    toeR: [10, 1000],
  },
  still: {
    hip: [0, 440],
    waist: [0, 336],
    shL: [-64, 172],
    shR: [64, 172],
    head: [0, 62],
    legL: [
      [-30, 468],
      [-28, 706],
      [-26, 792],
      [-22, 932],
    ],
    toeL: [-28, 998],
    legR: [
      [30, 468],
      [28, 706],
      [26, 792],
      [22, 932],
    ],
    toeR: [28, 998],
  },
} satisfies Record<string, Stance>

const mirrorPt = ([x, y]: Pt): Pt => [-x, y]

/** Build the joint set for a pose name plus arm choices, optionally mirrored. */
export function makePose({
  legs = "stand",
  armL = "down",
  armR = "down",
  mirror = false,
  head = {},
}: PoseSpec): Pose {
  const b = LEGS[legs]
  let j: Pose = {
    ...structuredClone(b),
    armL: ARMS[armL].map(mirrorPt),
    armR: ARMS[armR].map((p) => [...p]),
    tilt: head.tilt ?? 0,
    turn: head.turn ?? 0,
  }
  if (mirror) {
    const m = (p: Pt) => mirrorPt(p)
    j = {
      hip: m(j.hip),
      waist: m(j.waist),
      head: m(j.head),
      shL: m(j.shR),
      shR: m(j.shL),
      legL: j.legR.map(m),
      legR: j.legL.map(m),
      toeL: m(j.toeR),
      toeR: m(j.toeL),
      armL: j.armR.map(m),
      armR: j.armL.map(m),
      tilt: -j.tilt,
      turn: -j.turn,
    }
  }
  return j
}

/** Move an arm so its root sits just inside the shoulder tip (wider for roomy garments). */
function attachShoulder(arm: Pt[], sh: Pt, s: number, ease = 3): Pt[] {
  const root: Pt = [sh[0] - s * (10 - ease * 0.4), sh[1] + 7]
  const d = sub(root, nth(arm, 0))
  const moved = arm.map((p, i) => (i === 0 ? root : add(p, mul(d, Math.max(0, 1 - i * 0.6)))))
  // shorten the hand a touch: knuckles to fingertip
  if (moved.length >= 5) moved[4] = lerp(nth(moved, 3), nth(moved, 4), 0.8)
  return moved
}

/* ---------------------------------------------------------- drawing kit */

/** Outline opacity: soft enough to read as a fine pen line, not a cartoon stroke. */
const INK = 0.62

interface ShapeStyle {
  shade?: boolean
  stroke?: boolean
  opacity?: number
  /** Attributes added to the path as they are. */
  extra?: string
}

interface LineStyle {
  /** Width, as a multiple of the pen's line width. */
  w?: number
  opacity?: number
  color?: string
  cap?: string
}

class Pen {
  /** Line width. */
  readonly lw: number
  readonly out: string[] = []

  constructor(lw: number) {
    this.lw = lw
  }
  /** A filled, outlined, softly shaded shape. */
  shape(
    d: string,
    fill: string,
    { shade = true, stroke = true, opacity = 1, extra = "" }: ShapeStyle = {},
  ): void {
    const st = stroke
      ? ` stroke="${C.ink}" stroke-opacity="${INK}" stroke-width="${this.lw}" stroke-linejoin="round"`
      : ""
    const op = opacity < 1 ? ` opacity="${opacity}"` : ""
    this.out.push(`<path d="${d}" fill="${fill}"${st}${op}${extra}/>`)
    if (shade) this.out.push(`<path d="${d}" fill="url(#shade)"/>`)
  }
  /**
   * A limb. `open` leaves the start cap unstroked so it melts into what it joins.
   * Shading is a band along the shadow side, computed from the same samples, so a
   * limb drawn in two parts shows no seam.
   */
  tube(t: Tube, fill: string, { open = true } = {}): void {
    this.out.push(`<path d="${t.d}" fill="${fill}"/>`)
    const n = t.left.length
    if (n > 2) {
      const mid = t.left.map((p, i) => lerp(p, nth(t.right, i), 0.5))
      const hi = t.left.map((p, i) => lerp(p, nth(t.right, i), 0.22))
      this.out.push(
        `<path d="${smooth(mid)}L${P(nth(t.right, n - 1))}${smoothTail([...t.right].reverse())}Z" fill="${C.ink}" opacity="0.1"/>`,
      )
      this.out.push(
        `<path d="${smooth(t.left)}L${P(nth(hi, n - 1))}${smoothTail([...hi].reverse())}Z" fill="#fff" opacity="0.1"/>`,
      )
    }
    this.line(open ? t.edge : t.d)
  }
  line(d: string, { w = 1, opacity = INK, color = C.ink, cap = "round" }: LineStyle = {}): void {
    this.out.push(
      `<path d="${d}" fill="none" stroke="${color}" stroke-opacity="${opacity}" stroke-width="${this.lw * w}" stroke-linecap="${cap}" stroke-linejoin="round"/>`,
    )
  }
  fold(d: string, opacity = 0.38): void {
    this.line(d, { w: 0.8, opacity })
  }
  raw(s: string): void {
    this.out.push(s)
  }
}

/* ------------------------------------------------------------ body parts */

/** The side of the torso from shoulder tip to thigh, cut at bottomY. */
function torsoSide(j: Pose, side: Side, ease: number, bottomY: number, box = 0) {
  const s = side === "R" ? 1 : -1
  const sh = side === "R" ? j.shR : j.shL
  const cx = (j.shL[0] + j.shR[0]) / 2
  const pts: Pt[] = [
    [sh[0] + s * (ease * 0.4 - 1), sh[1] - 3],
    [sh[0] + s * (4 + ease * 0.4), sh[1] + 12],
    [cx + s * (44 + ease), sh[1] + 52],
    [cx + s * (49 + ease * 0.9), 252],
    [j.waist[0] + s * (35 + ease + box), j.waist[1]],
    [j.hip[0] + s * (61 + ease), j.hip[1]],
    [j.hip[0] + s * (60 + ease), j.hip[1] + 90],
  ]
  return cutAtY(
    sampleSpline(pts, 8).map((o) => o.p),
    bottomY,
  )
}

function cutAtY(pts: Pt[], y: number) {
  const out = [nth(pts, 0)]
  for (let i = 1; i < pts.length; i++) {
    const a = nth(pts, i - 1)
    const b = nth(pts, i)
    if (b[1] >= y) {
      out.push(lerp(a, b, (y - a[1]) / (b[1] - a[1] || 1)))
      return out
    }
    out.push(b)
  }
  return out
}

function neckPoints(j: Pose, spread = 16): { NL: Pt; NR: Pt; nx: number } {
  const nx = (j.head[0] + (j.shL[0] + j.shR[0]) / 2) / 2
  return { NL: [nx - spread, 146], NR: [nx + spread, 146], nx }
}

type Neck = "crew" | "v" | "deepv" | "scoop" | "boat" | "wrap" | "roll"

/** Neckline path from NR back to NL (no leading M). */
function neckline(kind: Neck, j: Pose, NL: Pt, NR: Pt) {
  const nx = (NL[0] + NR[0]) / 2
  switch (kind) {
    case "wrap":
    case "v":
      return `C${P([NR[0] - 4, 170])} ${P([nx + 8, 208])} ${P([nx, 222])}C${P([nx - 8, 208])} ${P([NL[0] + 4, 170])} ${P(NL)}`
    case "deepv":
      return `C${P([NR[0] - 4, 180])} ${P([nx + 6, 238])} ${P([nx, 252])}C${P([nx - 6, 238])} ${P([NL[0] + 4, 180])} ${P(NL)}`
    case "scoop":
      return `C${P([NR[0], 190])} ${P([NL[0], 190])} ${P(NL)}`
    case "boat":
      return `C${P([NR[0] - 10, 160])} ${P([NL[0] + 10, 160])} ${P(NL)}`
    default:
      return `C${P([NR[0] - 2, 166])} ${P([NL[0] + 2, 166])} ${P(NL)}`
  }
}

interface BodiceCut {
  ease?: number
  bottom: number
  neck?: Neck
  hemCurve?: number
  box?: number
}

/** A bodice/top outline from the shoulders down to bottomY. */
function bodicePath(
  j: Pose,
  { ease = 2, bottom, neck = "crew", hemCurve = 6, box = 0 }: BodiceCut,
) {
  const spread = neck === "boat" ? 34 : neck === "v" || neck === "deepv" ? 18 : 16
  const { NL, NR } = neckPoints(j, spread)
  const L = torsoSide(j, "L", ease, bottom, box)
  const R = torsoSide(j, "R", ease, bottom, box)
  const bl = nth(L, L.length - 1)
  const br = nth(R, R.length - 1)
  const mid: Pt = [(bl[0] + br[0]) / 2, Math.max(bl[1], br[1]) + hemCurve]
  return (
    `M${P(NL)}Q${P([NL[0] - 26, 150])} ${P(nth(L, 0))}` +
    smoothTail(L) +
    `Q${P([bl[0] + 10, mid[1]])} ${P(mid)}Q${P([br[0] - 10, mid[1]])} ${P(br)}` +
    smoothTail([...R].reverse()) +
    `Q${P([NR[0] + 26, 150])} ${P(NR)}` +
    neckline(neck, j, NL, NR) +
    "Z"
  )
}

function neckAndChest(pen: Pen, j: Pose, skin: Skin) {
  const { nx } = neckPoints(j)
  const hx = j.head[0]
  const cx = (j.shL[0] + j.shR[0]) / 2
  const d = smooth(
    [
      [hx - 13, 92],
      [hx - 15, 120],
      [nx - 20, 148],
      [j.shL[0] + 4, j.shL[1] + 2],
      [cx - 52, 240],
      [cx + 52, 240],
      [j.shR[0] - 4, j.shR[1] + 2],
      [nx + 20, 148],
      [hx + 15, 120],
      [hx + 13, 92],
    ],
    true,
  )
  pen.shape(d, skin.base, { shade: false })
  // shadow under the jaw
  pen.raw(
    `<path d="M${P([hx - 12, 98])}Q${P([hx, 122])} ${P([hx + 13, 100])}L${P([hx + 13, 116])}Q${P([hx, 132])} ${P([hx - 12, 112])}Z" fill="${skin.shade}" opacity="0.8"/>`,
  )
  // collarbones
  pen.fold(`M${P([nx - 30, 170])}Q${P([nx - 14, 165])} ${P([nx - 6, 172])}`, 0.3)
  pen.fold(`M${P([nx + 30, 170])}Q${P([nx + 14, 165])} ${P([nx + 6, 172])}`, 0.3)
}

/** Face: an egg shape with closed, lowered eyes, a nose stroke and lips. */
function face(pen: Pen, j: Pose, skin: Skin) {
  const [hx, hy] = j.head
  const t = j.turn
  const g: string[] = []
  const faceD = smooth(
    [
      [0, -43],
      [22, -37],
      [31, -14],
      [29, 8],
      [20, 30],
      [2, 44],
      [-18, 31],
      [-28, 8],
      [-31, -14],
      [-22, -37],
    ],
    true,
  )
  g.push(
    `<path d="${faceD}" fill="${skin.base}" stroke="${C.ink}" stroke-opacity="${INK}" stroke-width="${pen.lw}"/>`,
  )
  // soft shade on the far cheek
  g.push(
    `<path d="M${P([12, 38])}Q${P([30, 14])} ${P([29, -10])}Q${P([32, 12])} ${P([20, 31])}Q${P([10, 42])} ${P([2, 44])}Z" fill="${skin.shade}" opacity="0.6"/>`,
  )
  const fx = t * 7
  const lw = pen.lw
  const stroke = (d: string, w = 1, o = 0.8) =>
    `<path d="${d}" fill="none" stroke="${C.ink}" stroke-opacity="${o}" stroke-width="${lw * w}" stroke-linecap="round"/>`
  // lowered lids with a hint of lash
  g.push(stroke(`M${P([fx - 18, -3])}Q${P([fx - 12, 2])} ${P([fx - 5, -2])}`, 1.1))
  g.push(stroke(`M${P([fx + 6, -2])}Q${P([fx + 13, 2])} ${P([fx + 19, -3])}`, 1.1))
  // brows
  g.push(stroke(`M${P([fx - 21, -13])}Q${P([fx - 13, -17])} ${P([fx - 5, -13])}`, 0.8, 0.55))
  g.push(stroke(`M${P([fx + 6, -13])}Q${P([fx + 14, -17])} ${P([fx + 21, -13])}`, 0.8, 0.55))
  // nose
  g.push(
    stroke(
      `M${P([fx + 1, 2])}Q${P([fx + 4, 12])} ${P([fx + 1, 16])}Q${P([fx - 1, 17])} ${P([fx - 3, 16])}`,
      0.8,
      0.6,
    ),
  )
  // lips
  g.push(
    `<path d="M${P([fx - 8, 26])}Q${P([fx - 2, 22])} ${P([fx, 24])}Q${P([fx + 2, 22])} ${P([fx + 8, 26])}Q${P([fx, 31])} ${P([fx - 8, 26])}Z" fill="${skin.lip}" opacity="0.9"/>`,
  )
  // blush
  g.push(`<ellipse cx="${fx - 17}" cy="12" rx="8" ry="5" fill="${C.rose}" opacity="0.18"/>`)
  g.push(`<ellipse cx="${fx + 18}" cy="12" rx="8" ry="5" fill="${C.rose}" opacity="0.14"/>`)
  pen.raw(`<g transform="translate(${P([hx, hy])}) rotate(${j.tilt})">${g.join("")}</g>`)
}

/* ------------------------------------------------------------------ hair */

interface Hairstyle {
  /** Shapes behind the head. */
  back: { d: string; strands?: number }[]
  /** Null when it is generated (curls). */
  front: string | null
  strands: Pt[][]
}

interface Hair {
  style: keyof typeof HAIRSTYLES
  color: keyof typeof HAIR
  flip?: boolean
}

const HAIRSTYLES = {
  chignon: {
    back: [
      {
        d: smooth(
          [
            [14, -58],
            [36, -62],
            [50, -44],
            [44, -26],
            [24, -28],
          ],
          true,
        ),
        strands: 2,
      },
    ],
    front: smooth(
      [
        [-31, 4],
        [-36, -22],
        [-26, -44],
        [-2, -53],
        [24, -48],
        [36, -28],
        [33, 2],
        [28, -12],
        [16, -26],
        [-2, -30],
        [-18, -24],
        [-27, -8],
      ],
      true,
    ),
    strands: [
      [
        [-24, -10],
        [-22, -32],
        [-4, -44],
        [20, -42],
      ],
      [
        [-12, -27],
        [2, -40],
        [26, -38],
      ],
      [
        [18, -26],
        [28, -30],
        [32, -14],
      ],
    ],
  },
  bob: {
    back: [
      {
        d: smooth(
          [
            [-46, 66],
            [-50, 14],
            [-40, -34],
            [0, -56],
            [38, -40],
            [46, 10],
            [42, 62],
            [0, 72],
          ],
          true,
        ),
      },
    ],
    front: smooth(
      [
        [-46, 68],
        [-51, 22],
        [-45, -22],
        [-26, -48],
        [0, -57],
        [16, -55],
        [34, -44],
        [44, -18],
        [45, 22],
        [42, 58],
        [35, 64],
        [30, 54],
        [29, 20],
        [26, -8],
        [19, -26],
        [10, -32],
        [-2, -24],
        [-16, -16],
        [-26, -2],
        [-29, 22],
        [-32, 48],
        [-38, 64],
      ],
      true,
    ),
    strands: [
      [
        [-40, 56],
        [-44, 10],
        [-34, -30],
        [-6, -48],
        [12, -50],
      ],
      [
        [-30, 40],
        [-24, -4],
        [-6, -26],
        [12, -38],
      ],
      [
        [38, 50],
        [38, 6],
        [30, -28],
        [16, -48],
      ],
    ],
  },
  pixie: {
    back: [],
    front: smooth(
      [
        [-32, 6],
        [-37, -24],
        [-22, -48],
        [4, -56],
        [28, -48],
        [37, -26],
        [33, 4],
        [29, -10],
        [24, -22],
        [8, -20],
        [-8, -30],
        [-20, -28],
        [-28, -12],
      ],
      true,
    ),
    strands: [
      [
        [-26, -18],
        [-16, -40],
        [8, -48],
        [28, -38],
      ],
      [
        [-8, -30],
        [8, -38],
        [26, -30],
      ],
      [
        [-30, -4],
        [-33, -22],
      ],
    ],
  },
  waves: {
    back: [
      {
        d: smooth(
          [
            [-50, 140],
            [-54, 90],
            [-44, 40],
            [-46, -20],
            [-30, -52],
            [0, -60],
            [30, -52],
            [46, -20],
            [44, 40],
            [54, 90],
            [50, 140],
            [0, 130],
          ],
          true,
        ),
      },
    ],
    front: smooth(
      [
        [-48, 138],
        [-52, 88],
        [-42, 40],
        [-44, -18],
        [-26, -50],
        [4, -58],
        [32, -48],
        [46, -18],
        [42, 40],
        [52, 90],
        [48, 140],
        [36, 120],
        [38, 70],
        [30, 30],
        [28, -6],
        [20, -26],
        [2, -30],
        [-16, -24],
        [-28, -4],
        [-30, 34],
        [-38, 72],
        [-36, 118],
      ],
      true,
    ),
    strands: [
      [
        [-40, 120],
        [-46, 80],
        [-36, 40],
        [-38, -10],
        [-22, -42],
      ],
      [
        [40, 120],
        [44, 84],
        [36, 40],
        [38, -6],
        [20, -44],
      ],
      [
        [-8, -28],
        [10, -44],
        [30, -34],
      ],
    ],
  },
  curls: {
    back: [],
    front: null, // generated
    strands: [],
  },
} satisfies Record<string, Hairstyle>

function curlsPath() {
  const n = 13
  const pts: Pt[] = []
  for (let i = 0; i <= n; i++) {
    const a = Math.PI * (0.93 + (i / n) * 1.14)
    pts.push([Math.cos(a) * 50, -12 + Math.sin(a) * 50])
  }
  const start = nth(pts, 0)
  let d = `M${P(start)}`
  for (let i = 1; i <= n; i++) {
    const a = nth(pts, i - 1)
    const b = nth(pts, i)
    const r = Math.hypot(b[0] - a[0], b[1] - a[1]) * 0.62
    d += `A${r.toFixed(1)} ${r.toFixed(1)} 0 0 1 ${P(b)}`
  }
  const end = nth(pts, n)
  return (
    d +
    `Q${P([end[0] - 6, end[1] + 12])} ${P([33, 8])}Q${P([30, -22])} ${P([8, -30])}Q${P([-22, -30])} ${P([-31, -2])}Q${P([-40, 8])} ${P(start)}Z`
  )
}

/** Hair is drawn in head units: set on the head, tilted with it, mirrored for a flipped parting. */
function onHead(pen: Pen, j: Pose, hair: Hair, parts: string[]) {
  const flip = hair.flip ? -1 : 1
  pen.raw(
    `<g transform="translate(${P(j.head)}) rotate(${j.tilt}) scale(${flip} 1)">${parts.join("")}</g>`,
  )
}

function hairBack(pen: Pen, j: Pose, hair: Hair) {
  const col = HAIR[hair.color]
  const g = HAIRSTYLES[hair.style].back.map(
    (b) =>
      `<path d="${b.d}" fill="${col.base}" stroke="${C.ink}" stroke-opacity="${INK}" stroke-width="${pen.lw}"/>` +
      `<path d="${b.d}" fill="url(#shade)"/>`,
  )
  if (g.length) onHead(pen, j, hair, g)
}

function hairFront(pen: Pen, j: Pose, hair: Hair) {
  const st = HAIRSTYLES[hair.style]
  const col = HAIR[hair.color]
  const d = hair.style === "curls" ? curlsPath() : st.front
  const lw = pen.lw
  const g = [
    `<path d="${d}" fill="${col.base}" stroke="${C.ink}" stroke-opacity="${INK}" stroke-width="${lw}" stroke-linejoin="round"/>`,
    `<path d="${d}" fill="url(#shade)"/>`,
  ]
  for (const s of st.strands) {
    g.push(
      `<path d="${smooth(s)}" fill="none" stroke="${col.dark}" stroke-width="${lw * 0.9}" stroke-linecap="round" opacity="0.9"/>`,
    )
    g.push(
      `<path d="${smooth(s.map(([x, y]) => [x + 4, y + 2]))}" fill="none" stroke="${col.light}" stroke-width="${lw * 1.4}" stroke-linecap="round" opacity="0.8"/>`,
    )
  }
  if (hair.style === "curls") {
    const rand = rng(5)
    for (let i = 0; i < 18; i++) {
      const a = Math.PI * (1.0 + rand())
      const r = 12 + rand() * 28
      const x = Math.cos(a) * r
      const y = -10 + Math.sin(a) * r * 0.9
      if (y > -26 && Math.abs(x) < 28) continue
      g.push(
        `<path d="M${P([x - 4, y])}q4 -5 8 0" fill="none" stroke="${col.dark}" stroke-width="${lw * 0.9}" stroke-linecap="round"/>`,
      )
    }
  }
  onHead(pen, j, hair, g)
}

/* ------------------------------------------------------------- garments */

function armTube(j: Pose, side: Side, widths: readonly number[], opts?: LimbOptions) {
  return limb(side === "L" ? j.armL : j.armR, widths, opts)
}

const ARM_W = [26, 19, 12.5, 16, 6]

let clipSeq = 0

/**
 * A clip that hides whatever falls inside the armholes above the armpits, so a
 * sleeve drawn over the bodice starts exactly at its armhole seam.
 */
function armholeClip(
  pen: Pen,
  j: Pose,
  ease: number,
): { id: string; tips: Record<Side, [tip: Pt, slope: Pt]> } {
  const id = `arm${++clipSeq}`
  const { NL, NR } = neckPoints(j)
  const cut = (side: Side) => {
    const pts = torsoSide(j, side, ease, 400)
    const armpitY = (side === "L" ? j.shL : j.shR)[1] + 52
    return pts.filter((p) => p[1] <= armpitY)
  }
  const L = cut("L")
  const R = cut("R")
  const tipL = nth(L, 0)
  const tipR = nth(R, 0)
  // the shoulder line, continued past each shoulder tip
  const slopeL = norm(sub(tipL, NL))
  const slopeR = norm(sub(tipR, NR))
  const extL = add(tipL, mul(slopeL, 40))
  const extR = add(tipR, mul(slopeR, 40))
  const poly: Pt[] = [[extL[0], -300], extL, ...L, ...[...R].reverse(), extR, [extR[0], -300]]
  pen.raw(
    `<clipPath id="${id}"><path clip-rule="evenodd" d="M-2000 -2000H2000V3000H-2000Z${poly.map((p, i) => (i ? "L" : "M") + P(p)).join("")}Z"/></clipPath>`,
  )
  return { id, tips: { L: [tipL, slopeL], R: [tipR, slopeR] } }
}

const SIDES: readonly Side[] = ["L", "R"]

/** Both arms, with their sleeves, drawn over the bodice but clipped at the armholes. */
function drawArms(
  pen: Pen,
  j: Pose,
  /** null on a hanger: sleeves only */
  skin: Skin | null,
  sleeve: Sleeve | null,
  ease: number,
) {
  const { id, tips } = armholeClip(pen, j, ease)
  pen.raw(`<g clip-path="url(#${id})">`)
  for (const side of SIDES) {
    const arm = side === "L" ? j.armL : j.armR
    if (skin && arm.length >= 5) {
      pen.tube(armTube(j, side, ARM_W, { capStart: "round" }), skin.base, { open: false })
      const w = nth(arm, 2)
      const k = nth(arm, 3)
      const dir = norm(sub(k, w))
      const s = side === "L" ? 1 : -1
      const th = add(k, [dir[1] * 7 * s, -dir[0] * 7 * s])
      pen.fold(`M${P(lerp(w, k, 0.3))}Q${P(th)} ${P(add(k, mul(dir, 10)))}`, 0.45)
    }
    if (sleeve) {
      const to = Math.min(sleeve.to, arm.length - 1)
      const t = armTube(j, side, sleeve.widths, { to, cap: "flat", capStart: "round" })
      pen.tube(t, sleeve.color, { open: false })
      if (sleeve.cuff) {
        const back = Math.max(0, t.left.length - 4)
        pen.line(`M${P(nth(t.left, back))}L${P(nth(t.right, back))}`, { w: 0.8, opacity: 0.5 })
      }
      if (sleeve.folds) {
        const m = Math.floor(t.left.length * 0.45)
        /** Point f of the way across the sleeve at sample i. */
        const across = (i: number, f: number) => lerp(nth(t.left, i), nth(t.right, i), f)
        pen.fold(`M${P(across(m, 0.2))}Q${P(across(m + 3, 0.5))} ${P(across(m + 1, 0.8))}`)
      }
    }
  }
  pen.raw("</g>")
  // finish each shoulder line out to the sleeve's outer edge
  for (const side of SIDES) {
    const arm = side === "L" ? j.armL : j.armR
    const w0 = nth(sleeve ? sleeve.widths : ARM_W, 0) / 2
    const outerX = nth(arm, 0)[0] + (side === "L" ? -w0 : w0)
    const [tip, slope] = tips[side]
    const k = (outerX - tip[0]) / (slope[0] || 1)
    if (k > 0 && k < 40) pen.line(`M${P(tip)}L${P(add(tip, mul(slope, k)))}`)
  }
}

interface SleeveCut {
  /** Where it ends, as a joint parameter along the arm. */
  to: number
  widths: number[]
  cuff?: boolean
  folds?: boolean
}

interface Sleeve extends SleeveCut {
  color: string
}

const SLEEVES = {
  long: { to: 2.12, widths: [32, 26, 21, 21], cuff: true, folds: true },
  three: { to: 1.62, widths: [32, 26, 23], folds: true },
  elbow: { to: 1.08, widths: [32, 28, 27] },
  short: { to: 0.42, widths: [34, 32, 31] },
  knit: { to: 2.14, widths: [34, 30, 24, 22], cuff: true, folds: true },
  coat: { to: 2.2, widths: [38, 34, 29, 29], cuff: true, folds: true },
  blouse: { to: 2.1, widths: [34, 29, 23, 21], cuff: true, folds: true },
} satisfies Record<string, SleeveCut>

function legs(pen: Pen, j: Pose, skin: Skin) {
  const W = [54, 32, 37, 15]
  for (const side of ["L", "R"]) {
    const leg = side === "L" ? j.legL : j.legR
    pen.tube(limb(leg, W), skin.base)
    // knee hint
    pen.fold(`M${P(add(nth(leg, 1), [-6, -4]))}q6 5 12 0`, 0.3)
  }
}

interface ShoeSpec {
  color?: string
  kind?: "pump" | "flat"
}

function shoes(
  pen: Pen,
  j: Pose,
  { color = C.ink, kind = "pump", skin }: ShoeSpec & { skin: Skin },
) {
  for (const side of ["L", "R"]) {
    const leg = side === "L" ? j.legL : j.legR
    const a = nth(leg, 3)
    const toe = side === "L" ? j.toeL : j.toeR
    const dir = norm(sub(toe, a))
    const nrm: Pt = [-dir[1], dir[0]]
    const foot = smooth(
      [
        add(a, mul(nrm, 8)),
        add(lerp(a, toe, 0.45), mul(nrm, 9)),
        add(lerp(a, toe, 0.85), mul(nrm, 5.5)),
        toe,
        add(lerp(a, toe, 0.85), mul(nrm, -5.5)),
        add(lerp(a, toe, 0.45), mul(nrm, -9)),
        add(a, mul(nrm, -8)),
      ],
      false,
    )
    if (kind === "pump") {
      pen.shape(foot + "Z", skin.base, { shade: false, stroke: false })
      pen.line(foot)
      const vL = add(lerp(a, toe, 0.5), mul(nrm, 9))
      const vR = add(lerp(a, toe, 0.5), mul(nrm, -9))
      const shoe =
        `M${P(vL)}` +
        smoothTail([vL, add(lerp(a, toe, 0.85), mul(nrm, 6)), add(toe, mul(dir, 2))]) +
        smoothTail([add(toe, mul(dir, 2)), add(lerp(a, toe, 0.85), mul(nrm, -6)), vR]) +
        `Q${P(lerp(a, toe, 0.62))} ${P(vL)}Z`
      pen.shape(shoe, color)
    } else {
      // loafer / ballet flat: covers the foot up to the instep
      const top = add(a, mul(dir, 14))
      const shoe =
        `M${P(add(top, mul(nrm, 9)))}` +
        smoothTail([
          add(top, mul(nrm, 9)),
          add(lerp(a, toe, 0.5), mul(nrm, 9.5)),
          add(lerp(a, toe, 0.88), mul(nrm, 5.5)),
          add(toe, mul(dir, 2)),
          add(lerp(a, toe, 0.88), mul(nrm, -5.5)),
          add(lerp(a, toe, 0.5), mul(nrm, -9.5)),
          add(top, mul(nrm, -9)),
        ]) +
        `Q${P(add(top, mul(dir, 8)))} ${P(add(top, mul(nrm, 9)))}Z`
      pen.shape(shoe, color)
    }
  }
}

interface SkirtSpec {
  color: string
  /** Where the hem falls, in local units. */
  hem?: number
  flare?: number
  ease?: number
  /** Folds along the hem. */
  waves?: number
  /** How deep the hem's folds are. */
  depth?: number
  /** Sideways shift of the hem. */
  sway?: number
  /** How much the hem rises towards the left. */
  lift?: number
  seed?: number
  /** Where the skirt starts, when not at the waist. */
  top?: number | null
  folds?: boolean
}

/** Skirt from the waist to hemY with a flowing, folded hem. */
function skirt(
  pen: Pen,
  j: Pose,
  {
    color,
    hem = 800,
    flare = 60,
    ease = 3,
    waves = 5,
    depth = 9,
    sway = 0,
    lift = 0,
    seed = 3,
    top = null,
    folds = true,
  }: SkirtSpec,
) {
  const rand = rng(seed)
  const wy = top ?? j.waist[1]
  const wl: Pt = [j.waist[0] - 35 - ease, wy]
  const wr: Pt = [j.waist[0] + 35 + ease, wy]
  const hl: Pt = [j.hip[0] - 62 - ease * 1.4, j.hip[1]]
  const hr: Pt = [j.hip[0] + 62 + ease * 1.4, j.hip[1]]
  const hc = j.hip[0] + sway
  const half = 62 + flare
  const yAt = (t: number) => hem - lift * (1 - t) + 12 * (1 - (2 * t - 1) ** 2)
  const hemPts: Pt[] = []
  const cusps: Pt[] = []
  const n = waves * 2
  for (let i = 0; i <= n; i++) {
    const t = i / n
    const jitter = i === 0 || i === n ? 0 : (rand() - 0.5) * (half / waves) * 0.5
    const x = hc - half + t * half * 2 + jitter
    const up = i % 2 === 0
    const amp = depth * (0.35 + rand() * 0.75)
    const p: Pt = [x, yAt(t) + (up ? -amp : amp)]
    hemPts.push(p)
    if (up && i > 0 && i < n) cusps.push(p)
  }
  const hem0 = nth(hemPts, 0)
  const hemN = nth(hemPts, hemPts.length - 1)
  const ml: Pt = [lerp(hl, hem0, 0.5)[0] + flare * 0.1, (hl[1] + hem0[1]) / 2]
  const mr: Pt = [lerp(hr, hemN, 0.5)[0] - flare * 0.1, (hr[1] + hemN[1]) / 2]
  // the inside/back of the skirt, glimpsed where the front hem lifts
  const backHem: Pt[] = hemPts.map((p, i) => [p[0], yAt(i / n) + depth * 0.7])
  const back =
    `M${P(wl)}` +
    smoothTail([wl, hl, ml, nth(backHem, 0)]) +
    smoothTail(backHem) +
    smoothTail([nth(backHem, n), mr, hr, wr]) +
    "Z"
  pen.shape(back, mix(color, C.ink, 0.28), { shade: false })
  const d =
    `M${P(wl)}` +
    smoothTail([wl, hl, ml, hem0]) +
    smoothTail(hemPts, 0.9) +
    smoothTail([hemN, mr, hr, wr]) +
    "Z"
  pen.shape(d, color)
  pen.raw(`<path d="${d}" fill="url(#shadeDown)"/>`)
  if (folds) {
    cusps.forEach((c, i) => {
      const t = (i + 1) / (cusps.length + 1)
      const from: Pt = [lerp(hl, hr, t)[0], j.hip[1] - 40 + rand() * 40]
      const mid: Pt = [lerp(from, c, 0.55)[0] + (rand() - 0.5) * 10, lerp(from, c, 0.55)[1]]
      pen.fold(smooth([from, mid, [c[0], c[1] - 4]]))
    })
  }
  return { hemPts, d }
}

/** Trousers: two legs plus a seat panel. Cuts: wide, straight, tapered. */
const CUTS = {
  wide: [64, 64, 70, 80, 86],
  straight: [62, 48, 46, 42, 42],
  tapered: [62, 42, 36, 27, 26],
  palazzo: [68, 76, 86, 100, 108],
} satisfies Record<string, number[]>

interface TrouserSpec {
  kind: "trousers"
  color: string
  cut?: keyof typeof CUTS
  /** How far the hem falls below the ankle. */
  hemDrop?: number
  belt?: BeltSpec
}

function trousers(pen: Pen, j: Pose, { color, cut = "wide", hemDrop = 26 }: TrouserSpec) {
  const W = CUTS[cut]
  const tube = (leg: Pt[]) => {
    const a = nth(leg, 3)
    const dir = norm(sub(a, nth(leg, 2)))
    return limb([...leg, add(a, mul(dir, hemDrop))], W, { cap: "flat" })
  }
  const tL = tube(j.legL)
  const tR = tube(j.legR)
  const wl: Pt = [j.waist[0] - 37, j.waist[1]]
  const wr: Pt = [j.waist[0] + 37, j.waist[1]]
  const hl: Pt = [j.hip[0] - 63, j.hip[1]]
  const hr: Pt = [j.hip[0] + 63, j.hip[1]]
  const crotchY = 505
  const crotch: Pt = [j.hip[0], crotchY]
  const below = (pts: Pt[], y: number) => pts.filter((p) => p[1] > y)
  const outerL = [wl, hl, ...below(tL.left, hl[1] + 30)]
  const outerR = [wr, hr, ...below(tR.right, hr[1] + 30)]
  const innerL = [crotch, ...below(tL.right, crotchY + 12)]
  const innerR = [crotch, ...below(tR.left, crotchY + 12)]
  const seat = `M${P(wl)}L${P(hl)}L${P([hl[0] + 14, crotchY + 20])}L${P([hr[0] - 14, crotchY + 20])}L${P(hr)}L${P(wr)}Z`
  const union = `${tL.d}${tR.d}${seat}`
  pen.raw(`<path d="${union}" fill="${color}"/><path d="${union}" fill="url(#shade)"/>`)
  const frontIsR = nth(j.legR, 3)[1] >= nth(j.legL, 3)[1]
  const front = frontIsR ? tR : tL
  // soft shadow where the front leg overlaps
  const fin = frontIsR ? innerR : innerL
  pen.raw(
    `<path d="${smooth(fin)}" fill="none" stroke="${C.ink}" stroke-opacity="0.08" stroke-width="${pen.lw * 7}"/>`,
  )
  pen.line(smooth(outerL))
  pen.line(smooth(outerR))
  pen.line(`M${P(wl)}L${P(wr)}`)
  pen.line(smooth(fin))
  // the back leg's inner edge, only where it shows beside the front leg
  const back = frontIsR ? innerL : innerR
  const fx = (y: number) => {
    const pts = frontIsR ? innerR : innerL
    let best = nth(pts, 0)
    for (const p of pts) if (Math.abs(p[1] - y) < Math.abs(best[1] - y)) best = p
    return best[0]
  }
  const visible = back.filter((p) => (frontIsR ? p[0] < fx(p[1]) - 2 : p[0] > fx(p[1]) + 2))
  if (visible.length > 2) pen.line(smooth(visible))
  for (const t of [tL, tR]) {
    if (t === front || visible.length > 2)
      pen.line(`M${P(nth(t.left, t.left.length - 1))}L${P(nth(t.right, t.right.length - 1))}`)
    const n = t.left.length
    /** The middle of the trouser leg at sample i. */
    const centre = (i: number) => lerp(nth(t.left, i), nth(t.right, i), 0.5)
    pen.fold(smooth([centre(8), centre(Math.floor(n / 2)), centre(n - 1)]), 0.3)
  }
  // fly and waistband
  pen.fold(
    `M${P([j.waist[0] + 4, j.waist[1] + 16])}Q${P([j.hip[0] + 8, 440])} ${P([j.hip[0] + 2, 488])}`,
    0.4,
  )
  pen.fold(`M${P([wl[0] + 1, wl[1] + 15])}L${P([wr[0] - 1, wr[1] + 15])}`, 0.35)
}

interface BeltSpec {
  color?: string
  buckle?: string
  y?: number | null
  w?: number
}

function beltAt(pen: Pen, j: Pose, { color = C.ink, buckle = C.gold, y = null, w = 14 }: BeltSpec) {
  const wy = y ?? j.waist[1]
  const x0 = j.waist[0] - 38
  const x1 = j.waist[0] + 38
  pen.shape(
    `M${P([x0, wy - 2])}Q${P([j.waist[0], wy + 4])} ${P([x1, wy - 2])}L${P([x1, wy + w - 2])}Q${P([j.waist[0], wy + w + 4])} ${P([x0, wy + w - 2])}Z`,
    color,
  )
  pen.raw(
    `<rect x="${j.waist[0] - 7}" y="${wy - 1}" width="14" height="${w + 2}" rx="2" fill="none" stroke="${buckle}" stroke-width="${pen.lw * 1.6}"/>`,
  )
}

interface TopSpec {
  color: string
  kind?: "blouse" | "knit" | "tee" | "shell"
  neck?: Neck
  sleeve?: keyof typeof SLEEVES | "none"
  /** Tucked in at the waist. */
  tuck?: boolean
  /** Where the hem falls; without it, tuck decides. */
  bottom?: number
  /** Id of a fill pattern laid over the colour. */
  pattern?: string
  ease?: number
  hemCurve?: number
  /** Extra width at the waist. */
  box?: number
  collar?: "shirt"
  bow?: boolean
  bowColor?: string
}

/** Tops: blouse, knit, tee, shell or a dress bodice. */
function top(pen: Pen, j: Pose, o: TopSpec) {
  const bottom = o.bottom ?? (o.tuck ? j.waist[1] + 8 : j.hip[1] + 10)
  const d = bodicePath(j, {
    ease: o.ease ?? 3,
    bottom,
    neck: o.neck ?? "crew",
    hemCurve: o.hemCurve ?? 6,
    box: o.box ?? 0,
  })
  pen.shape(d, o.color)
  if (o.pattern) pen.raw(`<path d="${d}" fill="url(#${o.pattern})" opacity="0.9"/>`)
  const { NL, NR, nx } = neckPoints(j, o.neck === "boat" ? 34 : 16)
  if (o.kind === "knit") {
    // rib hem band and neckband
    const L = torsoSide(j, "L", o.ease ?? 3, bottom - 18, o.box ?? 0)
    const R = torsoSide(j, "R", o.ease ?? 3, bottom - 18, o.box ?? 0)
    const a = nth(L, L.length - 1)
    const b = nth(R, R.length - 1)
    pen.line(`M${P(a)}Q${P([(a[0] + b[0]) / 2, a[1] + 6])} ${P(b)}`, { w: 0.8, opacity: 0.6 })
    for (let i = 1; i < 14; i++) {
      const p = lerp(a, b, i / 14)
      pen.fold(`M${P([p[0], p[1] + 4])}l0 12`, 0.28)
    }
    if (o.neck !== "roll") {
      pen.fold(
        `M${P([NR[0] - 4, 152])}C${P([NR[0] - 6, 174])} ${P([NL[0] + 6, 174])} ${P([NL[0] + 4, 152])}`,
        0.5,
      )
    }
    // a few soft drape folds
    pen.fold(
      smooth([
        [nx - 30, 290],
        [nx - 24, 330],
        [nx - 30, bottom - 24],
      ]),
      0.3,
    )
    pen.fold(
      smooth([
        [nx + 34, 280],
        [nx + 28, 340],
        [nx + 36, bottom - 24],
      ]),
      0.3,
    )
  }
  if (o.kind === "blouse") {
    pen.fold(`M${P([nx, o.neck === "v" ? 222 : 170])}L${P([j.waist[0] + 1, bottom - 2])}`, 0.45)
    for (let y = 246; y < bottom - 10; y += 42) {
      pen.raw(
        `<circle cx="${(nx + (j.waist[0] - nx) * ((y - 170) / 170)).toFixed(1)}" cy="${y}" r="2.2" fill="${C.ivory}" stroke="${C.ink}" stroke-opacity="0.5" stroke-width="${pen.lw * 0.6}"/>`,
      )
    }
    pen.fold(
      smooth([
        [nx - 40, 230],
        [nx - 30, 280],
        [j.waist[0] - 26, bottom - 6],
      ]),
      0.3,
    )
    pen.fold(
      smooth([
        [nx + 40, 226],
        [nx + 34, 280],
        [j.waist[0] + 28, bottom - 6],
      ]),
      0.3,
    )
  }
  if (o.collar === "shirt") {
    const c1 = `M${P(NL)}L${P([NL[0] - 12, 178])}L${P([nx - 2, 176])}Z`
    const c2 = `M${P(NR)}L${P([NR[0] + 12, 178])}L${P([nx + 2, 176])}Z`
    pen.shape(c1, o.color, { shade: false })
    pen.shape(c2, o.color, { shade: false })
  }
  if (o.neck === "roll") {
    const d2 = smooth(
      [
        [nx - 22, 128],
        [nx - 26, 150],
        [nx - 20, 168],
        [nx, 172],
        [nx + 20, 168],
        [nx + 26, 150],
        [nx + 22, 128],
        [nx, 134],
      ],
      true,
    )
    pen.shape(d2, o.color)
    pen.fold(`M${P([nx - 23, 146])}Q${P([nx, 154])} ${P([nx + 23, 146])}`, 0.45)
  }
  if (o.neck === "wrap") {
    pen.fold(
      smooth([
        [NR[0], 150],
        [nx + 6, 230],
        [j.waist[0] - 30, j.waist[1] + 4],
      ]),
      0.6,
    )
  }
  if (o.bow) {
    const bx = nx
    const by = 178
    const bc = o.bowColor ?? o.color
    // the two loops, left then right
    for (const k of [-1, 1]) {
      const loop: Pt[] = [
        [bx, by],
        [bx + k * 26, by - 14],
        [bx + k * 30, by + 6],
        [bx, by],
      ]
      pen.shape(smooth(loop, true), bc)
    }
    pen.shape(
      smooth([
        [bx - 2, by],
        [bx - 12, by + 40],
        [bx - 20, by + 92],
        [bx - 8, by + 90],
        [bx + 2, by + 6],
      ]),
      bc,
    )
    pen.shape(
      smooth([
        [bx + 2, by],
        [bx + 14, by + 44],
        [bx + 14, by + 80],
        [bx + 24, by + 78],
        [bx + 6, by + 4],
      ]),
      bc,
    )
    pen.shape(`M${P([bx - 6, by - 6])}h12v12h-12Z`, bc, { shade: false })
  }
}

interface CoatSpec {
  color: string
  ease?: number
  /** Where the hem falls, in local units. */
  length?: number
  flare?: number
  /** Sideways shift of the hem. */
  sway?: number
  /** How much the hem rises on the left. */
  lift?: number
  /** Worn open rather than wrapped. */
  open?: boolean
  /** Half the gap between open fronts. */
  gap?: number
  /** Where the wrap's V ends. */
  vBottom?: number
  lapel?: boolean
  lapelColor?: string
  belt?: boolean
  /** Heights of the buttons. */
  buttons?: number[]
}

/** Coats and jackets worn over everything else. */
function coat(pen: Pen, j: Pose, o: CoatSpec) {
  const ease = o.ease ?? 10
  const length = o.length ?? 760
  const flare = o.flare ?? 30
  const { NL, NR, nx } = neckPoints(j, 20)
  const L = torsoSide(j, "L", ease, j.hip[1])
  const R = torsoSide(j, "R", ease, j.hip[1])
  const hemC = j.hip[0] + (o.sway ?? 0)
  const hl: Pt = [hemC - 66 - flare, length - (o.lift ?? 0)]
  const hr: Pt = [hemC + 66 + flare, length]
  const open = o.open ?? false
  const gap = o.gap ?? 18
  const vBottom = o.vBottom ?? 300
  const outline =
    `M${P(NL)}Q${P([NL[0] - 26, 150])} ${P(nth(L, 0))}` +
    smoothTail([...L, [hl[0] + 4, (nth(L, L.length - 1)[1] + hl[1]) / 2], hl]) +
    `Q${P([hemC, length + 14])} ${P(hr)}` +
    smoothTail([hr, [hr[0] - 4, (nth(R, R.length - 1)[1] + hr[1]) / 2], ...[...R].reverse()]) +
    `Q${P([NR[0] + 26, 150])} ${P(NR)}`
  const hemMid = length + 6 - (o.lift ?? 0) / 4
  const d =
    outline +
    (open ? `L${P([nx + gap, hemMid])}L${P([nx - gap, hemMid])}Z` : `L${P([nx, vBottom])}Z`)
  pen.shape(d, o.color, { stroke: !open })
  if (open) pen.line(outline)
  if (open) {
    // open front edges
    pen.line(`M${P(NR)}L${P([nx + gap, hemMid])}`)
    pen.line(`M${P(NL)}L${P([nx - gap, hemMid])}`)
  } else {
    // wrap: overlap edge runs from the V down to the hem
    pen.line(
      smooth([
        [nx, vBottom],
        [nx - 10, vBottom + 120],
        [nx - 20, length + 8],
      ]),
    )
  }
  // shawl collar / lapels following the V, standing up behind the neck
  for (const k of [-1, 1]) {
    const N = k < 0 ? NL : NR
    const tip: Pt = open ? [nx + k * (gap * 0.7 + 4), vBottom + 40] : [nx + k * 3, vBottom]
    const lap =
      `M${P([N[0] - k * 6, 134])}` +
      smoothTail([
        [N[0] - k * 6, 134],
        [N[0] + k * 20, 152],
        [N[0] + k * 40, 196],
        [lerp(N, tip, 0.7)[0] + k * 26, lerp(N, tip, 0.7)[1]],
        tip,
      ]) +
      smoothTail([tip, lerp(N, tip, 0.5), [N[0] + k * 2, 160], [N[0] - k * 6, 134]]) +
      "Z"
    if (o.lapel !== false)
      pen.shape(lap, o.lapelColor ?? mix(o.color, C.ink, 0.07), { shade: false })
  }
  // folds in the skirt of the coat
  pen.fold(
    smooth([
      [j.hip[0] - 40, j.hip[1] + 30],
      [hl[0] + 40, length - 80],
      [hl[0] + 34, length - 10],
    ]),
    0.35,
  )
  pen.fold(
    smooth([
      [j.hip[0] + 42, j.hip[1] + 30],
      [hr[0] - 46, length - 80],
      [hr[0] - 40, length - 8],
    ]),
    0.35,
  )
  if (o.belt) {
    const by = j.waist[1] - 4
    const bx0 = L.find((p) => p[1] >= by)?.[0] ?? j.waist[0] - 46
    const bx1 = R.find((p) => p[1] >= by)?.[0] ?? j.waist[0] + 46
    pen.shape(
      `M${P([bx0, by])}Q${P([j.waist[0], by + 6])} ${P([bx1, by])}l0 16Q${P([j.waist[0], by + 22])} ${P([bx0, by + 16])}Z`,
      o.color,
    )
    const k: Pt = [nx - 12, by + 9]
    pen.shape(
      smooth(
        [
          k,
          [k[0] - 10, by + 60],
          [k[0] - 14, by + 120],
          [k[0] - 2, by + 118],
          [k[0] + 2, by + 60],
          [k[0] + 6, by + 10],
        ],
        false,
      ) + "Z",
      o.color,
    )
    pen.shape(
      smooth(
        [
          k,
          [k[0] + 8, by + 50],
          [k[0] + 18, by + 96],
          [k[0] + 28, by + 92],
          [k[0] + 14, by + 44],
          [k[0] + 8, by + 6],
        ],
        false,
      ) + "Z",
      o.color,
    )
    pen.shape(`M${P([k[0] - 8, by])}h16v18h-16Z`, o.color)
  }
  if (o.buttons) {
    for (const y of o.buttons)
      pen.raw(`<circle cx="${nx + 26}" cy="${y}" r="4" fill="${C.gold}" opacity="0.9"/>`)
  }
  // pockets
  pen.fold(`M${P([j.hip[0] - 62, j.hip[1] + 10])}l22 6`, 0.45)
  pen.fold(`M${P([j.hip[0] + 62, j.hip[1] + 10])}l-22 6`, 0.45)
}

/* ---------------------------------------------------------- accessories */

/** A tailor's tape measure draped around the neck: the stylist's badge. */
function tapeDrape(pen: Pen, j: Pose) {
  const { nx } = neckPoints(j)
  const strip = (pts: Pt[]) => {
    pen.line(smooth(pts), { w: 8.4, color: C.ink, opacity: 0.45 })
    pen.line(smooth(pts), { w: 7, color: "#efe3c8", opacity: 1 })
    const sm = sampleSpline(pts, 10).map((o) => o.p)
    for (const p of sm.slice(1)) pen.line(`M${P(p)}l4 0`, { w: 0.6, opacity: 0.6 })
  }
  strip([
    [nx - 20, 132],
    [nx - 30, 160],
    [nx - 34, 240],
    [nx - 30, 330],
  ])
  strip([
    [nx + 20, 132],
    [nx + 30, 160],
    [nx + 32, 250],
    [nx + 30, 350],
  ])
  pen.line(`M${P([nx - 20, 132])}Q${P([nx, 124])} ${P([nx + 20, 132])}`, {
    w: 7,
    color: "#efe3c8",
    opacity: 1,
  })
}

function pearls(pen: Pen, j: Pose, { drop = 200, r = 4, color = "url(#pearl)" } = {}) {
  const { nx } = neckPoints(j)
  const pts = sampleSpline(
    [
      [nx - 22, 140],
      [nx - 20, drop - 30],
      [nx, drop],
      [nx + 20, drop - 30],
      [nx + 22, 140],
    ],
    30,
  ).map((o) => o.p)
  let acc = 0
  let last = nth(pts, 0)
  const beads: Pt[] = []
  for (const p of pts) {
    acc += Math.hypot(p[0] - last[0], p[1] - last[1])
    last = p
    if (acc >= r * 2.05) {
      acc = 0
      beads.push(p)
    }
  }
  for (const b of beads) {
    if (b[1] < 150) continue
    pen.raw(
      `<circle cx="${b[0].toFixed(1)}" cy="${b[1].toFixed(1)}" r="${r}" fill="${color}" stroke="${C.ink}" stroke-opacity="0.35" stroke-width="${pen.lw * 0.5}"/>`,
    )
  }
}

function goldChain(pen: Pen, j: Pose, { drop = 230 } = {}) {
  const { nx } = neckPoints(j)
  pen.line(
    smooth([
      [nx - 20, 150],
      [nx - 12, drop - 20],
      [nx, drop],
      [nx + 12, drop - 20],
      [nx + 20, 150],
    ]),
    { color: C.gold, opacity: 1, w: 1.1 },
  )
  pen.raw(`<circle cx="${nx}" cy="${drop + 8}" r="6" fill="${C.gold}"/>`)
}

function earrings(pen: Pen, j: Pose, kind: "gold" | "pearl" = "gold") {
  for (const s of [-1, 1]) {
    const p = add(j.head, [s * 30, 16])
    if (kind === "pearl")
      pen.raw(
        `<circle cx="${p[0]}" cy="${p[1] + 4}" r="5" fill="url(#pearl)" stroke="${C.ink}" stroke-opacity="0.3" stroke-width="${pen.lw * 0.5}"/>`,
      )
    else
      pen.raw(
        `<path d="M${P(p)}l0 8" stroke="${C.gold}" stroke-width="${pen.lw}"/><circle cx="${p[0]}" cy="${p[1] + 12}" r="4.5" fill="${C.gold}"/>`,
      )
  }
}

interface ScarfSpec {
  color?: string
  pattern?: string | null
  side?: 1 | -1
}

/** A silk scarf knotted at the throat with two tails. */
function scarf(pen: Pen, j: Pose, { color = C.garnet, pattern = null, side = 1 }: ScarfSpec) {
  const { nx } = neckPoints(j)
  const fillPat = (d: string) => {
    pen.shape(d, color)
    if (pattern) pen.raw(`<path d="${d}" fill="url(#${pattern})"/>`)
  }
  const band = smooth(
    [
      [nx - 26, 138],
      [nx - 30, 158],
      [nx, 176],
      [nx + 30, 158],
      [nx + 26, 138],
      [nx, 152],
    ],
    true,
  )
  fillPat(band)
  const k: Pt = [nx + side * 14, 172]
  const tail1 = smooth([
    k,
    [k[0] + side * 6, 210],
    [k[0] + side * 2, 262],
    [k[0] + side * 22, 300],
    [k[0] + side * 30, 262],
    [k[0] + side * 20, 214],
    [k[0] + side * 12, 172],
  ])
  const tail2 = smooth([
    k,
    [k[0] - side * 4, 220],
    [k[0] - side * 18, 250],
    [k[0] - side * 4, 258],
    [k[0] + side * 8, 214],
    k,
  ])
  fillPat(tail1 + "Z")
  fillPat(tail2 + "Z")
  fillPat(
    smooth(
      [
        [k[0] - 11, k[1] - 8],
        [k[0] + 11, k[1] - 10],
        [k[0] + 12, k[1] + 8],
        [k[0] - 10, k[1] + 10],
      ],
      true,
    ),
  )
}

export interface HandbagSpec {
  color?: string
  w?: number
  h?: number
  /** Height of the handle above the bag. */
  strap?: number
  /** A top handle or a chain strap. */
  kind?: "top" | "chain"
}

/** A structured handbag hanging from a point (the hand or the crook of an arm). */
export function handbag(
  pen: Pen,
  at: Pt,
  { color = C.garnet, w = 96, h = 74, strap = 46, kind = "top" }: HandbagSpec = {},
): void {
  const [x, y] = at
  const top = y + strap
  if (kind === "top") {
    pen.line(
      `M${P([x - w * 0.28, top + 2])}C${P([x - w * 0.28, y - 8])} ${P([x + w * 0.28, y - 8])} ${P([x + w * 0.28, top + 2])}`,
      { w: 2.4, color: C.ink, opacity: 0.85 },
    )
  } else {
    pen.line(`M${P([x - w * 0.42, top + 2])}L${P([x, y])}L${P([x + w * 0.42, top + 2])}`, {
      w: 1.3,
      color: C.gold,
      opacity: 1,
    })
  }
  const body = `M${P([x - w / 2 + 6, top])}L${P([x + w / 2 - 6, top])}Q${P([x + w / 2, top])} ${P([x + w / 2 + 2, top + 8])}L${P([x + w / 2 + 6, top + h - 6])}Q${P([x + w / 2 + 6, top + h])} ${P([x + w / 2 - 2, top + h])}L${P([x - w / 2 + 2, top + h])}Q${P([x - w / 2 - 6, top + h])} ${P([x - w / 2 - 6, top + h - 6])}L${P([x - w / 2 - 2, top + 8])}Q${P([x - w / 2, top])} ${P([x - w / 2 + 6, top])}Z`
  pen.shape(body, color)
  const flap = `M${P([x - w / 2, top + 2])}L${P([x + w / 2, top + 2])}L${P([x + w / 2 + 2, top + h * 0.42])}Q${P([x, top + h * 0.56])} ${P([x - w / 2 - 2, top + h * 0.42])}Z`
  pen.shape(flap, color, { shade: false })
  pen.raw(`<path d="${flap}" fill="url(#sheen)" opacity="0.5"/>`)
  pen.raw(
    `<rect x="${x - 7}" y="${top + h * 0.42}" width="14" height="9" rx="2" fill="${C.gold}"/>`,
  )
}

/* ----------------------------------------------------------- the figure */

interface DressSpec extends SkirtSpec {
  neck?: Neck
  sleeve?: keyof typeof SLEEVES | "none"
  pattern?: string
  belt?: BeltSpec
}

interface SkirtBottomSpec extends SkirtSpec {
  kind: "skirt"
  belt?: BeltSpec
}

/** A wooden hanger unless kind is "clip". */
export interface HangerSpec {
  kind?: "clip"
  color?: string
}

interface HatSpec {
  color?: string
  band?: string
}

/** Held in the hand unless `at` is "crook". */
interface BagSpec extends HandbagSpec {
  side?: Side
  at?: "crook"
  offset?: Pt
}

export interface FigureSpec {
  x?: number
  /** The ground line. */
  y?: number
  /** Scale. */
  s?: number
  /** Line width, in scene units. */
  line?: number
  /** Only the clothes, on a hanger. */
  ghost?: boolean
  hanger?: HangerSpec | false
  flipX?: boolean
  pose?: PoseSpec
  skin?: keyof typeof SKIN
  hair?: Partial<Hair>
  dress?: DressSpec
  top?: TopSpec | null
  bottom?: TrouserSpec | SkirtBottomSpec
  outer?: CoatSpec
  shoes?: ShoeSpec
  sleeveOverride?: Partial<Sleeve>
  necklace?: "pearls" | "gold"
  necklaceOpts?: { drop?: number; r?: number; color?: string }
  scarf?: ScarfSpec
  tape?: boolean
  bracelet?: boolean
  hat?: HatSpec
  earrings?: "gold" | "pearl"
  bag?: BagSpec
  cup?: { side?: Side }
}

/**
 * Draw a complete figure. Returns an SVG <g> string.
 * spec: { x, y (ground line), s (scale), pose, skin, hair, dress|top+bottom, outer, shoes, ... }
 */
export function figure(spec: FigureSpec): string {
  const s = spec.s ?? 1
  const pen = new Pen((spec.line ?? 1.6) / s)
  const ghost = !!spec.ghost
  const j = makePose(spec.pose ?? (ghost ? { legs: "still", armL: "hang", armR: "hang" } : {}))
  const bodyEase = spec.outer ? (spec.outer.ease ?? 10) : spec.dress ? 2 : (spec.top?.ease ?? 3)
  j.armL = attachShoulder(j.armL, j.shL, -1, bodyEase)
  j.armR = attachShoulder(j.armR, j.shR, 1, bodyEase)
  const skin = SKIN[spec.skin ?? "fair"]
  const hair: Hair = { style: "chignon", color: "silver", ...spec.hair }

  if (ghost && spec.hanger !== false) hanger(pen, j, spec.hanger)
  if (!ghost) hairBack(pen, j, hair)

  const dress = spec.dress
  const bottom = spec.bottom
  const hasLegs = !bottom || bottom.kind !== "trousers"
  if (!ghost) {
    if (hasLegs) legs(pen, j, skin)
    shoes(pen, j, { ...spec.shoes, skin })
  }

  const topSpec = dress
    ? {
        color: dress.color,
        neck: dress.neck,
        tuck: true,
        bottom: j.waist[1] + 6,
        pattern: dress.pattern,
        ease: 2,
      }
    : spec.top
  const garment = spec.outer ?? topSpec
  if (ghost && garment) {
    // the inside back of the garment, seen through the neckline
    const { nx } = neckPoints(j)
    const c = mix(garment.color, C.ink, 0.25)
    pen.shape(
      smooth(
        [
          [nx - 20, 150],
          [nx - 14, 200],
          [nx, 228],
          [nx + 14, 200],
          [nx + 20, 150],
          [nx, 146],
        ],
        true,
      ),
      c,
      { shade: false, stroke: false },
    )
  }

  if (dress) {
    skirt(pen, j, { ...dress, color: dress.color })
  } else if (bottom?.kind === "trousers") {
    trousers(pen, j, bottom)
  } else if (bottom) {
    skirt(pen, j, bottom)
  }

  const sleeveName = spec.outer
    ? "coat"
    : dress
      ? (dress.sleeve ?? "three")
      : (spec.top?.sleeve ?? "long")
  const sleeveColor = spec.outer ? spec.outer.color : dress ? dress.color : spec.top?.color
  const sleeve =
    sleeveName === "none" || !sleeveColor
      ? null
      : { ...SLEEVES[sleeveName], color: sleeveColor, ...(spec.sleeveOverride ?? {}) }

  if (!ghost) neckAndChest(pen, j, skin)
  if (topSpec) top(pen, j, topSpec)
  if (dress?.belt) beltAt(pen, j, dress.belt)
  if (bottom?.belt && (topSpec?.tuck || bottom.kind !== "trousers")) beltAt(pen, j, bottom.belt)

  if (spec.necklace === "pearls" && !spec.outer) pearls(pen, j, spec.necklaceOpts)
  if (spec.necklace === "gold" && !spec.outer) goldChain(pen, j, spec.necklaceOpts)

  if (spec.outer) coat(pen, j, spec.outer)
  if (spec.scarf) scarf(pen, j, spec.scarf)
  if (spec.tape) tapeDrape(pen, j)
  if (spec.necklace === "pearls" && spec.outer) pearls(pen, j, spec.necklaceOpts)

  const armEase = spec.outer ? (spec.outer.ease ?? 10) : (topSpec?.ease ?? 3)
  if (topSpec || spec.outer || !ghost) drawArms(pen, j, ghost ? null : skin, sleeve, armEase)

  if (spec.bracelet) {
    const w = nth(j.armR, 2)
    pen.raw(
      `<ellipse cx="${w[0]}" cy="${w[1] - 6}" rx="9" ry="4" fill="none" stroke="${C.gold}" stroke-width="${pen.lw * 2}"/>`,
    )
  }

  if (!ghost) {
    face(pen, j, skin)
    hairFront(pen, j, hair)
    if (spec.hat) hat(pen, j, spec.hat)
    const earsHidden = hair.style === "waves" || hair.style === "bob"
    if (spec.earrings && !earsHidden) earrings(pen, j, spec.earrings)
  }

  if (spec.bag) {
    const arm = spec.bag.side === "L" ? j.armL : j.armR
    const at = nth(arm, spec.bag.at === "crook" ? 1 : 3)
    handbag(pen, add(at, spec.bag.offset ?? [0, 0]), spec.bag)
    if (spec.bag.at !== "crook") fingersOver(pen, arm, skin)
  }
  if (spec.cup) {
    const arm = spec.cup.side === "L" ? j.armL : j.armR
    cup(pen, add(nth(arm, 3), [-10, -6]))
    fingersOver(pen, arm, skin)
  }

  const tx = spec.x ?? 0
  const ty = (spec.y ?? 1000 * s) - 1000 * s
  const flip = spec.flipX ? ` scale(-1 1)` : ""
  return `<g transform="translate(${tx.toFixed(1)} ${ty.toFixed(1)}) scale(${s})${flip}">${pen.out.join("")}</g>`
}

/** The hand drawn again over what it holds, so that the fingers close round the handle. */
function fingersOver(pen: Pen, arm: Pt[], skin: Skin) {
  pen.tube(limb(arm.slice(2), [12.5, 16, 6]), skin.base)
}

/** A wooden hanger whose shoulders meet the garment's, or a clip hanger at the waist. */
function hanger(pen: Pen, j: Pose, opts: HangerSpec = {}) {
  const wood = opts.color ?? "#b48f62"
  const wire = "#8c8177"
  if (opts.kind === "clip") {
    const y = j.waist[1] - 40
    pen.line(`M0 ${y}L0 ${y - 40}C0 ${y - 66} 26 ${y - 66} 26 ${y - 44}`, {
      w: 1.8,
      color: wire,
      opacity: 1,
    })
    pen.shape(`M-62 ${y}H62v10H-62Z`, wood, { shade: false })
    for (const x of [-30, 30])
      pen.shape(`M${x - 8} ${y + 8}h16v40h-16Z`, "#9a9089", { shade: false })
    return
  }
  const y = (j.shL[1] + j.shR[1]) / 2
  pen.line(`M0 ${y - 40}L0 ${y - 70}C0 ${y - 96} 26 ${y - 96} 26 ${y - 74}`, {
    w: 1.8,
    color: wire,
    opacity: 1,
  })
  pen.shape(
    `M${P([j.shL[0] - 4, y + 2])}Q${P([-30, y - 40])} ${P([0, y - 44])}Q${P([30, y - 40])} ${P([j.shR[0] + 4, y + 2])}L${P([j.shR[0] + 4, y + 10])}Q${P([30, y - 30])} ${P([0, y - 34])}Q${P([-30, y - 30])} ${P([j.shL[0] - 4, y + 10])}Z`,
    wood,
    { shade: false },
  )
}

/** Where a ghost garment's hanger hook tops out, in local units. */
export function hookTop(kind: HangerSpec["kind"]): number {
  return kind === "clip" ? 237 : 82
}

/** A wide-brimmed straw hat. */
function hat(pen: Pen, j: Pose, { color = "#e3d3b8", band = C.garnet }: HatSpec = {}) {
  const [hx, hy] = j.head
  const g = new Pen(pen.lw)
  g.shape(`M-92 -22C-80 -44 80 -44 92 -22C96 -10 60 -4 0 -6C-60 -4 -96 -10 -92 -22Z`, color)
  g.shape(`M-38 -30C-40 -78 40 -78 38 -30C20 -24 -20 -24 -38 -30Z`, color)
  g.shape(`M-38 -38C-20 -32 20 -32 38 -38L38 -30C20 -24 -20 -24 -38 -30Z`, band, { shade: false })
  pen.raw(`<g transform="translate(${P([hx, hy])}) rotate(${j.tilt - 4})">${g.out.join("")}</g>`)
}

export function cup(pen: Pen, [x, y]: Pt, { color = C.ivory } = {}): void {
  pen.shape(
    `M${P([x - 20, y - 22])}L${P([x + 20, y - 22])}L${P([x + 16, y + 18])}Q${P([x, y + 24])} ${P([x - 16, y + 18])}Z`,
    color,
  )
  pen.raw(
    `<ellipse cx="${x}" cy="${y - 22}" rx="20" ry="5" fill="#6b4a3a" stroke="${C.ink}" stroke-opacity="${INK}" stroke-width="${pen.lw}"/>`,
  )
  pen.line(`M${P([x + 19, y - 14])}q14 2 10 16q-2 6 -11 6`, { opacity: 0.8 })
  pen.raw(
    `<path d="M${P([x - 6, y - 34])}q6 -8 0 -16q-6 -8 0 -16" fill="none" stroke="#fff" stroke-opacity="0.6" stroke-width="${pen.lw * 1.2}" stroke-linecap="round"/>`,
  )
}

export { Pen }
