/**
 * Every illustration on the site, one function per image slot.
 * Each scene returns a complete SVG document at its final pixel size.
 */
import { C } from "./palette"
import { figure, hookTop, type FigureSpec, type HangerSpec } from "./figure"
import { groundBand, groundShadow, paper, svgDoc, vignette, type PaperOptions } from "./paper"
import * as props from "./props"

/* --------------------------------------------------------------- sizes */

/** An image's size in pixels: the scenes draw in these units, and render.ts sizes the file by it. */
interface Size {
  w: number
  h: number
}

/** The journal's cards, 3:2. */
const JOURNAL: Size = { w: 1200, h: 800 }
/** The collection, category and affiliate images, 4:5. */
const PORTRAIT: Size = { w: 1200, h: 1500 }
const HOME_HERO: Size = { w: 2400, h: 1500 }
const ABOUT_HERO: Size = { w: 2400, h: 1200 }
/** The social share card (Open Graph). */
const SHARE_CARD: Size = { w: 1200, h: 630 }
const ICON: Size = { w: 512, h: 512 }

/* ------------------------------------------------------ shared layouts */

/** A finished illustration: the paper, the layers from back to front, and a faint vignette over all. */
function sheet({ w, h }: Size, bg: PaperOptions, ...layers: string[]): string {
  return svgDoc(w, h, paper(w, h, bg) + layers.join("") + vignette(w, h))
}

interface PanelSpec {
  x: number
  y: number
  w: number
  h: number
  color?: string
  line?: string
}

interface ArchSpec extends PanelSpec {
  opacity?: number
  lw?: number
}

/** A tall arched niche behind a figure, like a boutique alcove. */
function arch({
  x,
  y,
  w,
  h,
  color = C.linen,
  line = C.gold,
  opacity = 1,
  lw = 1.6,
}: ArchSpec): string {
  const r = w / 2
  const d = (o: number) =>
    `M${x - o} ${y + h}V${y + r}A${r + o} ${r + o} 0 0 1 ${x + w + o} ${y + r}V${y + h}`
  return (
    `<path d="${d(0)}Z" fill="${color}" opacity="${opacity}"/>` +
    `<path d="${d(-18)}" fill="none" stroke="${line}" stroke-width="${lw}" opacity="0.7"/>`
  )
}

/** A gallery panel: a pale rectangle with a double gilt fillet. */
function panel({ x, y, w, h, color = "#f7f1ea", line = C.gold }: PanelSpec): string {
  return (
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${color}"/>` +
    `<rect x="${x + 22}" y="${y + 22}" width="${w - 44}" height="${h - 44}" fill="none" stroke="${line}" stroke-width="1.6" opacity="0.7"/>` +
    `<rect x="${x + 30}" y="${y + 30}" width="${w - 60}" height="${h - 60}" fill="none" stroke="${line}" stroke-width="0.8" opacity="0.5"/>`
  )
}

interface PortraitSpec {
  bg: PaperOptions
  /** Drawn behind the figure. */
  backdrop?: string
  fig: FigureSpec
}

/** A 4:5 portrait of one figure standing on paper, her shadow at her feet. */
function portrait({ bg, backdrop = "", fig }: PortraitSpec): string {
  const x = fig.x ?? 600
  const y = fig.y ?? 1440
  return sheet(
    PORTRAIT,
    bg,
    backdrop,
    groundBand(PORTRAIT.w, y - 70, C.stone, 0.3),
    groundShadow(x, y + 4, 190, 18),
    figure({ x, y, s: 1.3, ...fig }),
  )
}

/** A garment on a hanger whose hook rests on a rail at railY. */
function onRail(railY: number, x: number, s: number, spec: FigureSpec): string {
  const kind = spec.hanger ? spec.hanger.kind : undefined
  return figure({ ghost: true, x, y: railY - hookTop(kind) * s + 1000 * s, s, ...spec })
}

/** A garment on a rail: x is where along it; s, its scale, is the rack's unless given. */
type Hung = FigureSpec & { x: number }

interface RackSpec {
  x1: number
  x2: number
  y: number
  /** Where the rail's feet stand. */
  floor: number
  /** Line width of the rail and of the garments. */
  lw?: number
  /** The garments' scale. */
  s?: number
  /** The hanger they all hang from, when they share one. */
  hanger?: HangerSpec
  garments: Hung[]
}

/** A brass rail hung with garments, each one in front of the one before. */
function rack({ x1, x2, y, floor, lw, s = 1, hanger, garments }: RackSpec): string {
  const hung = garments.map(({ x, s: scale = s, ...garment }) =>
    onRail(y, x, scale, { line: lw, hanger, ...garment }),
  )
  return props.rail({ x1, x2, y, floor, lw }) + hung.join("")
}

interface RailSceneSpec {
  size: Size
  wall: PaperOptions
  /** Where the wall meets the floor; none when the rail stands below the sheet. */
  floorY?: number
  rack: RackSpec
  /** The still life in front of the rail. */
  still: string
}

/** A clothes rail in a plain room, with a still life in front of it. */
function railScene({ size, wall, floorY, rack: rail, still }: RailSceneSpec): string {
  const floor = floorY === undefined ? "" : props.floor({ w: size.w, y: floorY, color: "#efe4da" })
  return sheet(size, wall, floor, rack(rail), still)
}

interface TabletopSpec {
  /** Where the table's back edge meets the wall. */
  y: number
  color: string
  /** Opacity of the light along the edge. */
  sheen: number
  /** Whether the near part of the table falls into a faint shade. */
  shaded?: boolean
}

/** A table filling the sheet below y, seen from the front: the ground of a still life. */
function tabletop({ w, h }: Size, { y, color, sheen, shaded = false }: TabletopSpec): string {
  const shade = `<rect x="0" y="${y + 40}" width="${w}" height="${h}" fill="${C.ink}" opacity="0.05"/>`
  return (
    `<rect x="0" y="${y}" width="${w}" height="${h - y}" fill="${color}"/>` +
    `<rect x="0" y="${y}" width="${w}" height="10" fill="#fff" opacity="${sheen}"/>` +
    (shaded ? shade : "") +
    `<path d="M0 ${y}H${w}" stroke="${C.ink}" stroke-opacity="0.4" stroke-width="1.6"/>`
  )
}

interface ReflectionSpec {
  /** The mirror: its left edge, top, width and height. */
  x: number
  y: number
  w: number
  h: number
  /** The sheet's height: the room in the glass is painted down to it. */
  depth: number
  /** The wall behind her in the glass. */
  wall: string
  /** The floor in the glass, from y down. */
  floor?: { y: number; color: string }
  /** Her reflection, placed and scaled; it is drawn flipped. */
  reflection: FigureSpec
  /** A pale film over the glass. */
  haze: { color: string; opacity: number }
  lw?: number
  /** Id of the glass's clip path: one per sheet. */
  id: string
}

/** A mirror showing a woman's reflection: the room behind her, her, then a haze on the glass. */
function mirrorWithReflection({
  x,
  y,
  w,
  h,
  depth,
  wall,
  floor,
  reflection,
  haze,
  lw,
  id,
}: ReflectionSpec): string {
  const band = (top: number, height: number, fill: string) =>
    `<rect x="${x}" y="${top}" width="${w}" height="${height}" fill="${fill}"`
  const inner =
    `${band(0, depth, wall)}/>` +
    (floor ? `${band(floor.y, 300, floor.color)}/>` : "") +
    figure({ ...reflection, flipX: true }) +
    `${band(0, depth, haze.color)} opacity="${haze.opacity}"/>`
  return props.mirror({ x, y, w, h, inner, lw, id })
}

/* ---------------------------------------------------------------- home */

function homeHero() {
  const branch = props.blossomBranch({
    x: 2470,
    y: 60,
    len: 720,
    angle: 168,
    lw: 2.2,
    seed: 12,
    scale: 1.2,
  })
  const side = { line: 2.1 }
  const f1 = figure({
    ...side,
    x: 1300,
    y: 1410,
    s: 1.12,
    pose: { legs: "walk", armL: "swingBack", armR: "bag" },
    skin: "tan",
    hair: { style: "waves", color: "grey" },
    top: { kind: "blouse", color: C.ivory, neck: "v", sleeve: "blouse", tuck: true },
    bottom: { kind: "trousers", color: C.sage, cut: "wide", belt: { color: C.camel } },
    shoes: { color: C.stoneDeep, kind: "flat" },
    bag: { side: "R", color: C.camel, w: 90, h: 70, kind: "chain" },
    earrings: "gold",
  })
  const f3 = figure({
    ...side,
    x: 1850,
    y: 1414,
    s: 1.12,
    pose: { legs: "walk", armL: "swingBack", armR: "pocket", mirror: true },
    skin: "deep",
    hair: { style: "curls", color: "silver" },
    top: { kind: "knit", color: C.navy, neck: "roll", sleeve: "knit" },
    bottom: { kind: "trousers", color: C.navy, cut: "tapered" },
    outer: { color: C.garnet, length: 760, belt: true, sway: 6 },
    shoes: { color: C.ink, kind: "flat" },
    earrings: "gold",
  })
  const f2 = figure({
    ...side,
    x: 1572,
    y: 1456,
    s: 1.2,
    pose: { legs: "walk", armL: "swingBack", armR: "swingFwd", head: { tilt: -2, turn: 0.3 } },
    skin: "fair",
    hair: { style: "chignon", color: "silver" },
    dress: {
      color: C.rose,
      hem: 800,
      flare: 78,
      waves: 3,
      depth: 7,
      neck: "v",
      sleeve: "three",
      sway: -14,
      lift: 14,
      belt: { color: C.garnet, buckle: C.gold, w: 12 },
    },
    shoes: { color: C.garnet, kind: "pump" },
    necklace: "pearls",
    earrings: "pearl",
  })
  const shadows =
    groundShadow(1300, 1414, 150, 16) +
    groundShadow(1850, 1418, 150, 16) +
    groundShadow(1578, 1462, 170, 18)
  return sheet(
    HOME_HERO,
    {
      top: "#fbf7f2",
      bottom: "#f3e6e0",
      glowAt: [0.68, 0.22],
      washes: [
        { cx: 380, cy: 700, rx: 820, ry: 900, color: C.stone, opacity: 0.3, seed: 11, rim: false },
        { cx: 1600, cy: 640, rx: 560, ry: 520, color: C.sageLight, opacity: 0.42, seed: 4 },
        { cx: 2200, cy: 420, rx: 300, ry: 260, color: C.blush, opacity: 0.6, seed: 8 },
      ],
    },
    groundBand(HOME_HERO.w, 1330, C.stone, 0.35),
    branch,
    shadows,
    f1,
    f3,
    f2,
  )
}

/* --------------------------------------------------------- collections */

function collectionDresses() {
  return portrait({
    bg: {
      top: "#fbf6f3",
      bottom: "#f2e2de",
      washes: [{ cx: 640, cy: 640, rx: 520, ry: 600, color: C.blush, opacity: 0.8, seed: 21 }],
    },
    backdrop: arch({ x: 280, y: 150, w: 640, h: 1260, color: "#f6ece6" }),
    fig: {
      pose: { legs: "walk", armL: "swingBack", armR: "swingFwd", head: { tilt: 3, turn: -0.3 } },
      skin: "warm",
      hair: { style: "waves", color: "silver" },
      dress: {
        color: C.garnet,
        neck: "wrap",
        sleeve: "three",
        hem: 812,
        flare: 84,
        waves: 5,
        depth: 10,
        sway: -38,
        lift: 40,
        belt: { color: C.garnet, buckle: C.gold, w: 10 },
      },
      shoes: { color: C.stoneDeep, kind: "pump" },
      earrings: "gold",
      bracelet: true,
    },
  })
}

function collectionEveryday() {
  return portrait({
    bg: {
      top: "#f8f6f1",
      bottom: "#ebede4",
      washes: [{ cx: 560, cy: 700, rx: 560, ry: 620, color: C.sagePale, opacity: 0.9, seed: 5 }],
    },
    backdrop: props.vaseStems({ x: 990, y: 1150, h: 420, seed: 6 }),
    fig: {
      x: 560,
      pose: { legs: "stand", armL: "down", armR: "pocket", head: { tilt: -2, turn: 0.4 } },
      skin: "fair",
      hair: { style: "bob", color: "grey" },
      top: {
        kind: "knit",
        color: C.stone,
        neck: "crew",
        sleeve: "knit",
        ease: 7,
        box: 12,
        bottom: 478,
      },
      bottom: { kind: "trousers", color: C.navy, cut: "wide" },
      shoes: { color: C.ivory, kind: "flat" },
      bag: { side: "L", color: C.camel, kind: "chain", w: 110, h: 84 },
      necklace: "gold",
      earrings: "gold",
    },
  })
}

/* ---------------------------------------------------------- categories */

function categoryDresses() {
  return portrait({
    bg: {
      top: "#fbf7f3",
      bottom: "#f1e4df",
      washes: [{ cx: 600, cy: 560, rx: 440, ry: 470, color: C.roseLight, opacity: 0.55, seed: 31 }],
    },
    fig: {
      pose: { legs: "stand", armL: "down", armR: "hip", head: { tilt: 2, turn: -0.2 } },
      skin: "tan",
      hair: { style: "pixie", color: "white" },
      top: null,
      dress: {
        color: C.navy,
        neck: "v",
        sleeve: "elbow",
        hem: 790,
        flare: 58,
        waves: 3,
        depth: 6,
        belt: { color: C.ivory, buckle: C.gold, w: 14 },
      },
      shoes: { color: C.ink, kind: "pump" },
      necklace: "pearls",
      earrings: "pearl",
    },
  })
}

function categoryOuterwear() {
  return portrait({
    bg: {
      top: "#f9f5f0",
      bottom: "#efe6dc",
      washes: [{ cx: 620, cy: 620, rx: 520, ry: 620, color: C.stone, opacity: 0.55, seed: 41 }],
    },
    backdrop: arch({ x: 300, y: 170, w: 600, h: 1240, color: "#f5eee6" }),
    fig: {
      pose: { legs: "walk", armL: "swingBack", armR: "bag", head: { tilt: -2, turn: 0.3 } },
      skin: "fair",
      hair: { style: "bob", color: "silver" },
      top: { kind: "knit", color: C.ivory, neck: "roll", sleeve: "knit" },
      bottom: { kind: "trousers", color: C.stoneDeep, cut: "straight" },
      outer: { color: C.camel, length: 800, belt: true, flare: 40 },
      shoes: { color: C.ink, kind: "flat" },
      bag: { side: "R", color: C.garnet, w: 96, h: 76 },
      earrings: "gold",
    },
  })
}

function categoryTops() {
  const still =
    props.table({ x: 250, y: 1150, w: 700, h: 30, legs: 150, color: C.stone }) +
    props.contactShadow(600, 1148, 230, 8) +
    props.foldedStack({
      x: 480,
      y: 1150,
      w: 300,
      items: [
        { color: C.navy, h: 50, rib: true },
        { color: C.stone, h: 46, rib: true },
        { color: C.roseLight, h: 44, rib: true },
        { color: C.white, h: 40 },
      ],
    }) +
    props.vaseStems({ x: 820, y: 1020, h: 240, seed: 8 })
  return railScene({
    size: PORTRAIT,
    wall: {
      top: "#fbf7f2",
      bottom: "#f4ebe3",
      washes: [{ cx: 600, cy: 560, rx: 520, ry: 420, color: C.blush, opacity: 0.7, seed: 51 }],
    },
    floorY: 1330,
    rack: {
      x1: 110,
      x2: 1090,
      y: 230,
      floor: 1330,
      garments: [
        {
          x: 330,
          s: 1.28,
          top: { kind: "knit", color: C.sage, neck: "crew", sleeve: "knit", ease: 7, box: 12 },
        },
        {
          x: 870,
          s: 1.28,
          top: { kind: "knit", color: C.garnet, neck: "v", sleeve: "knit", ease: 7, box: 12 },
        },
        {
          x: 600,
          s: 1.34,
          top: {
            kind: "blouse",
            color: C.ivory,
            neck: "v",
            sleeve: "blouse",
            bow: true,
            bowColor: C.rose,
            tuck: false,
            bottom: 470,
          },
        },
      ],
    },
    still,
  })
}

function categoryBottoms() {
  const stool =
    props.table({ x: 700, y: 1180, w: 300, h: 26, legs: 144, color: C.stone }) +
    props.contactShadow(850, 1178, 130, 6) +
    props.foldedStack({
      x: 850,
      y: 1180,
      w: 230,
      items: [
        { color: C.navyDeep, h: 40 },
        { color: C.camel, h: 38 },
        { color: C.ivory, h: 36 },
      ],
    })
  return railScene({
    size: PORTRAIT,
    wall: {
      top: "#f9f6f1",
      bottom: "#efe9e0",
      washes: [{ cx: 600, cy: 700, rx: 520, ry: 560, color: C.sagePale, opacity: 0.9, seed: 61 }],
    },
    floorY: 1350,
    rack: {
      x1: 110,
      x2: 1090,
      y: 200,
      floor: 1350,
      hanger: { kind: "clip" },
      garments: [
        {
          x: 330,
          s: 1.12,
          bottom: {
            kind: "skirt",
            color: C.sage,
            hem: 800,
            flare: 70,
            waves: 9,
            depth: 5,
            ease: 3,
          },
        },
        {
          x: 870,
          s: 1.12,
          bottom: { kind: "trousers", color: C.navy, cut: "tapered", hemDrop: 10 },
        },
        { x: 600, s: 1.16, bottom: { kind: "trousers", color: C.stone, cut: "wide", hemDrop: 30 } },
      ],
    },
    still: stool,
  })
}

function categoryAccessories() {
  const tableY = 960
  return sheet(
    PORTRAIT,
    {
      top: "#fbf7f3",
      bottom: "#f3e9e2",
      washes: [{ cx: 600, cy: 600, rx: 520, ry: 460, color: C.roseLight, opacity: 0.45, seed: 71 }],
    },
    tabletop(PORTRAIT, { y: tableY, color: C.stone, sheen: 0.35, shaded: true }),
    props.ovalMirror({ cx: 420, cy: 330, rx: 190, ry: 250 }),
    props.vaseStems({ x: 930, y: tableY - 190, h: 320, seed: 14, vase: C.ivory }),
    props.contactShadow(930, tableY - 6, 70, 8),
    props.contactShadow(430, tableY - 4, 230, 12, 0.2),
    props.bag({ x: 430, y: tableY - 320, s: 3.4, color: C.garnet, w: 120, h: 86, strap: 14 }),
    props.twilly({ x: 500, y: tableY - 318, s: 1.3, color: C.rose }),
    props.drapedScarf({
      x: 660,
      y: tableY - 4,
      w: 190,
      h: 330,
      base: C.navy,
      border: C.gold,
      pattern: "dots",
    }),
    props.contactShadow(820, tableY + 8, 130, 6),
    props.sunglasses({ x: 1010, y: tableY - 24, s: 0.95, rot: -4 }),
    props.pearlStrand(
      [
        [160, tableY + 120],
        [300, tableY + 190],
        [460, tableY + 210],
        [600, tableY + 150],
        [620, tableY + 80],
        [560, tableY + 60],
      ],
      { r: 11 },
    ),
  )
}

/* --------------------------------------------------------------- about */

function aboutHero() {
  const { w: W, h: H } = ABOUT_HERO
  const floorY = 1010
  const lw = 2
  // wall panel mouldings and the dado rail
  const panels: [x: number, w: number][] = [
    [60, 420],
    [560, 380],
    [1960, 380],
  ]
  const mouldings =
    panels
      .map(
        ([x, w]) =>
          `<rect x="${x}" y="140" width="${w}" height="${floorY - 240}" fill="none" stroke="${C.stoneDeep}" stroke-opacity="0.45" stroke-width="2"/>`,
      )
      .join("") +
    `<rect x="0" y="${floorY - 40}" width="${W}" height="40" fill="${C.linen}"/><path d="M0 ${floorY - 40}H${W}" stroke="${C.stoneDeep}" stroke-opacity="0.5" stroke-width="2"/>`
  const floorLayer =
    props.floor({ w: W, y: floorY, color: "#eadfd3", lw }) +
    `<ellipse cx="1250" cy="${floorY + 110}" rx="760" ry="90" fill="${C.blush}" stroke="${C.rose}" stroke-opacity="0.6" stroke-width="2"/>` +
    `<ellipse cx="1250" cy="${floorY + 110}" rx="700" ry="70" fill="none" stroke="${C.rose}" stroke-opacity="0.4" stroke-width="2"/>`

  // the customer and her reflection
  const customer: FigureSpec = {
    line: lw,
    s: 0.9,
    pose: { legs: "stand", armL: "down", armR: "chest", head: { tilt: -3, turn: 0.5 } },
    skin: "fair",
    hair: { style: "chignon", color: "silver" },
    dress: {
      color: C.sage,
      neck: "v",
      sleeve: "three",
      hem: 800,
      flare: 66,
      waves: 3,
      depth: 7,
      belt: { color: C.sage, buckle: C.gold, w: 10 },
    },
    shoes: { color: C.stoneDeep, kind: "pump" },
    earrings: "pearl",
    necklace: "pearls",
  }
  const mirrorX = 1300
  const mirror = mirrorWithReflection({
    x: mirrorX,
    y: 130,
    w: 380,
    h: floorY - 150,
    depth: H,
    wall: "#efe7e0",
    floor: { y: floorY - 10, color: "#e4d8cc" },
    reflection: { ...customer, x: mirrorX + 120, y: floorY + 60, s: 0.84 },
    haze: { color: "#f4eee8", opacity: 0.28 },
    lw,
    id: "aboutMirror",
  })
  const customerFig = figure({ ...customer, x: 1130, y: floorY + 120 })

  // the stylist, offering a blouse on a hanger
  const stylistS = 0.9
  const stylistX = 1860
  const stylistY = floorY + 110
  const stylist = figure({
    line: lw,
    x: stylistX,
    y: stylistY,
    s: stylistS,
    pose: {
      legs: "stand",
      armL: "offer",
      armR: "down",
      mirror: false,
      head: { tilt: 4, turn: -0.6 },
    },
    skin: "tan",
    hair: { style: "bob", color: "pepper", flip: true },
    top: { kind: "blouse", color: C.ink, neck: "v", sleeve: "blouse", tuck: true },
    bottom: { kind: "trousers", color: C.ink, cut: "straight" },
    shoes: { color: C.ink, kind: "flat" },
    tape: true,
  })
  const handX = stylistX - 176 * stylistS + 6
  const handY = stylistY - 1000 * stylistS + 248 * stylistS
  const offered = onRail(handY, handX - 26 * 0.62, 0.62, {
    line: lw,
    top: {
      kind: "blouse",
      color: C.white,
      neck: "v",
      sleeve: "blouse",
      bow: true,
      bowColor: C.garnet,
      tuck: false,
      bottom: 470,
    },
  })

  // rail of garments at the right
  const rail = rack({
    x1: 2030,
    x2: 2380,
    y: 250,
    floor: floorY + 30,
    lw,
    s: 0.66,
    garments: [
      { x: 2090, outer: { color: C.camel, length: 760, belt: true } },
      {
        x: 2170,
        dress: {
          color: C.garnet,
          hem: 790,
          flare: 50,
          waves: 3,
          depth: 5,
          neck: "v",
          sleeve: "three",
        },
      },
      { x: 2250, top: { kind: "knit", color: C.stone, sleeve: "knit", ease: 7, box: 12 } },
      {
        x: 2320,
        dress: {
          color: C.navy,
          hem: 790,
          flare: 44,
          waves: 3,
          depth: 5,
          neck: "crew",
          sleeve: "long",
        },
      },
    ],
  })

  // left: armchair, side table and stems
  const left =
    props.contactShadow(380, floorY + 6, 220, 12) +
    props.armchair({ x: 380, y: floorY + 10, w: 380, color: C.rose, lw }) +
    props.table({ x: 660, y: floorY - 280, w: 200, h: 20, legs: 270, color: C.stone, lw }) +
    props.vaseStems({ x: 760, y: floorY - 370, h: 200, seed: 19, lw })

  const lamps =
    props.pendant({ x: 1050, y: 220, r: 44, lw }) + props.pendant({ x: 1820, y: 170, r: 40, lw })
  const shadows =
    groundShadow(1130, floorY + 124, 150, 14) + groundShadow(stylistX, floorY + 114, 150, 14)
  return sheet(
    ABOUT_HERO,
    {
      top: "#fbf7f2",
      bottom: "#f3ebe2",
      glowAt: [0.5, 0.2],
      washes: [{ cx: 1250, cy: 520, rx: 700, ry: 420, color: C.blush, opacity: 0.55, seed: 81 }],
    },
    mouldings,
    floorLayer,
    lamps,
    left,
    mirror,
    rail,
    shadows,
    customerFig,
    stylist,
    offered,
  )
}

/* ------------------------------------------------------------- journal */

function journalSpringPalette() {
  const swatches =
    props.swatch({ x: 110, y: 210, color: C.stone, rot: -10 }) +
    props.swatch({ x: 270, y: 170, color: C.blush, rot: -2 }) +
    props.swatch({ x: 440, y: 190, color: C.sage, rot: 8 })
  const sprig = props.blossomBranch({
    x: 120,
    y: 640,
    len: 420,
    angle: -12,
    lw: 1.8,
    seed: 23,
    scale: 0.9,
  })
  const fig = figure({
    x: 850,
    y: 775,
    s: 0.7,
    pose: { legs: "walk", armL: "swingBack", armR: "swingFwd", head: { tilt: -3, turn: 0.3 } },
    skin: "warm",
    hair: { style: "pixie", color: "silver" },
    top: {
      kind: "blouse",
      color: C.blush,
      neck: "v",
      sleeve: "blouse",
      tuck: true,
      bow: true,
      bowColor: C.blush,
    },
    bottom: { kind: "trousers", color: C.sage, cut: "wide" },
    shoes: { color: C.stoneDeep, kind: "flat" },
    earrings: "gold",
  })
  return sheet(
    JOURNAL,
    {
      top: "#fbf8f3",
      bottom: "#f2e8e1",
      glowAt: [0.3, 0.3],
      washes: [{ cx: 840, cy: 380, rx: 300, ry: 330, color: C.sagePale, opacity: 0.9, seed: 91 }],
    },
    groundBand(JOURNAL.w, 730, C.stone, 0.3),
    swatches,
    sprig,
    groundShadow(850, 778, 120, 10),
    fig,
  )
}

function journalCapsule() {
  const floorY = 700
  const right =
    props.contactShadow(1000, floorY + 4, 170, 10) +
    props.suitcase({ x: 1000, y: floorY + 10, w: 250, h: 340, color: C.stone, trim: C.garnet }) +
    props.contactShadow(880, floorY + 40, 120, 8) +
    props.foldedStack({
      x: 870,
      y: floorY + 44,
      w: 190,
      items: [
        { color: C.navy, h: 30 },
        { color: C.blush, h: 28, rib: true },
        { color: C.ivory, h: 26 },
      ],
    }) +
    props.sunglasses({ x: 872, y: floorY - 48, s: 0.5, rot: 3 })
  return railScene({
    size: JOURNAL,
    wall: {
      top: "#fbf7f2",
      bottom: "#f3ebe2",
      washes: [{ cx: 430, cy: 360, rx: 420, ry: 260, color: C.blush, opacity: 0.6, seed: 93 }],
    },
    floorY,
    rack: {
      x1: 90,
      x2: 790,
      y: 110,
      floor: floorY + 10,
      s: 0.5,
      garments: [
        {
          x: 150,
          top: {
            kind: "blouse",
            color: C.white,
            neck: "v",
            sleeve: "blouse",
            tuck: false,
            bottom: 470,
          },
        },
        { x: 245, top: { kind: "knit", color: C.stone, sleeve: "knit", ease: 7, box: 12 } },
        {
          x: 340,
          dress: {
            color: C.navy,
            hem: 790,
            flare: 44,
            waves: 3,
            depth: 5,
            neck: "v",
            sleeve: "three",
          },
        },
        { x: 445, outer: { color: C.camel, length: 760, belt: true } },
        {
          x: 545,
          top: { kind: "knit", color: C.garnet, neck: "v", sleeve: "knit", ease: 7, box: 12 },
        },
        {
          x: 640,
          hanger: { kind: "clip" },
          bottom: { kind: "trousers", color: C.ink, cut: "straight", hemDrop: 10 },
        },
        {
          x: 730,
          hanger: { kind: "clip" },
          bottom: { kind: "skirt", color: C.sage, hem: 790, flare: 50, waves: 7, depth: 4 },
        },
      ],
    },
    still: right,
  })
}

function journalLinen() {
  const win = props.windowPane({ x: 110, y: 70, w: 360, h: 520, sky: "#e9eee6" })
  const light =
    `<g opacity="0.75" filter="url(#blur12)" transform="translate(600 170) skewX(-24)">` +
    [0, 1]
      .flatMap((c) =>
        [0, 1, 2].map(
          (r) => `<rect x="${c * 170}" y="${r * 175}" width="160" height="165" fill="#fffaf0"/>`,
        ),
      )
      .join("") +
    `</g>`
  const sill = props.vaseStems({ x: 400, y: 560, h: 150, seed: 31, vase: C.ivory })
  const fig = figure({
    x: 790,
    y: 1150,
    s: 1.06,
    pose: { legs: "stand", armL: "down", armR: "cup", head: { tilt: -4, turn: -0.4 } },
    skin: "fair",
    hair: { style: "waves", color: "white" },
    top: {
      kind: "blouse",
      color: "#f7f3ec",
      neck: "v",
      collar: "shirt",
      sleeve: "blouse",
      tuck: false,
      bottom: 500,
      ease: 8,
      box: 10,
    },
    bottom: { kind: "trousers", color: C.stone, cut: "wide" },
    shoes: { color: C.stone, kind: "flat" },
    cup: { side: "R" },
  })
  return sheet(
    JOURNAL,
    { top: "#efe6db", bottom: "#e8ddd0", glow: "#fbf4e8", glowAt: [0.3, 0.35] },
    light,
    win,
    sill,
    fig,
  )
}

function journalWomanYouAre() {
  const person: FigureSpec = {
    s: 1.02,
    pose: { legs: "stand", armL: "down", armR: "hip", head: { tilt: 3, turn: 0.5 } },
    skin: "deep",
    hair: { style: "curls", color: "white" },
    dress: {
      color: C.garnet,
      neck: "v",
      sleeve: "three",
      hem: 790,
      flare: 60,
      waves: 3,
      depth: 6,
      belt: { color: C.garnetDeep, buckle: C.gold, w: 12 },
    },
    shoes: { color: C.ink, kind: "pump" },
    necklace: "gold",
    earrings: "gold",
  }
  const mx = 720
  const mirror = mirrorWithReflection({
    x: mx,
    y: 60,
    w: 340,
    h: 900,
    depth: JOURNAL.h,
    wall: "#efe6e2",
    reflection: { ...person, x: mx + 150, y: 1140, s: 0.95 },
    haze: { color: "#f6efec", opacity: 0.3 },
    id: "youMirror",
  })
  return sheet(
    JOURNAL,
    {
      top: "#fbf6f3",
      bottom: "#f2e4df",
      washes: [{ cx: 420, cy: 360, rx: 330, ry: 320, color: C.roseLight, opacity: 0.5, seed: 95 }],
    },
    mirror,
    figure({ ...person, x: 430, y: 1110 }),
  )
}

function journalTrouserFit() {
  const tape = props.tapeMeasure(
    [
      [-20, 730],
      [260, 700],
      [520, 760],
      [820, 712],
      [1220, 742],
    ],
    { w: 30 },
  )
  return railScene({
    size: JOURNAL,
    wall: {
      top: "#faf7f2",
      bottom: "#efe8df",
      washes: [{ cx: 600, cy: 360, rx: 460, ry: 260, color: C.stone, opacity: 0.5, seed: 97 }],
    },
    rack: {
      x1: 110,
      x2: 1090,
      y: 70,
      floor: 900,
      s: 0.82,
      hanger: { kind: "clip" },
      garments: [
        { x: 300, bottom: { kind: "trousers", color: C.stone, cut: "palazzo", hemDrop: 30 } },
        { x: 600, bottom: { kind: "trousers", color: C.navy, cut: "straight", hemDrop: 20 } },
        { x: 900, bottom: { kind: "trousers", color: C.sage, cut: "tapered", hemDrop: 6 } },
      ],
    },
    still: tape,
  })
}

function journalSilkScarf() {
  return sheet(
    JOURNAL,
    { top: "#f6efe8", bottom: "#efe5dc", glowAt: [0.4, 0.3] },
    props.silkSquare({
      x: 380,
      y: 400,
      size: 460,
      rot: 12,
      base: C.garnet,
      border: C.gold,
      accent: C.blush,
      seed: 3,
    }),
    props.silkSquare({
      x: 760,
      y: 330,
      size: 380,
      rot: -16,
      base: C.sage,
      border: C.ivory,
      accent: C.gold,
      seed: 5,
      wave: 10,
    }),
    props.twilly({ x: 930, y: 560, s: 2.4, color: C.navy }),
    props.pearlStrand(
      [
        [60, 690],
        [180, 640],
        [300, 690],
        [330, 760],
        [280, 790],
      ],
      { r: 10 },
    ),
  )
}

/* ----------------------------------------------------------- affiliate */

function affiliateSpring() {
  return portrait({
    bg: {
      top: "#f8f7f1",
      bottom: "#ece9df",
      washes: [{ cx: 600, cy: 620, rx: 500, ry: 580, color: C.sagePale, opacity: 0.9, seed: 101 }],
    },
    backdrop: props.blossomBranch({
      x: 1240,
      y: 40,
      len: 520,
      angle: 172,
      lw: 2,
      seed: 17,
      scale: 1,
    }),
    fig: {
      pose: { legs: "stand", armL: "down", armR: "hip", head: { tilt: -3, turn: 0.4 } },
      skin: "warm",
      hair: { style: "pixie", color: "silver" },
      hat: { color: "#e8dcc5", band: C.sage },
      top: {
        kind: "blouse",
        color: C.blush,
        neck: "v",
        sleeve: "three",
        tuck: true,
        bow: true,
        bowColor: C.blush,
      },
      bottom: {
        kind: "skirt",
        color: C.sage,
        hem: 800,
        flare: 66,
        waves: 9,
        depth: 4,
        ease: 3,
        belt: { color: C.camel },
      },
      shoes: { color: C.stoneDeep, kind: "pump" },
      earrings: "pearl",
    },
  })
}

function affiliateClassics() {
  return portrait({
    bg: {
      top: "#fbf8f4",
      bottom: "#f1e9e0",
      washes: [{ cx: 600, cy: 640, rx: 500, ry: 600, color: C.stone, opacity: 0.5, seed: 103 }],
    },
    backdrop: panel({ x: 250, y: 130, w: 700, h: 1280 }),
    fig: {
      pose: { legs: "stand", armL: "bag", armR: "hip", head: { tilt: 2, turn: -0.3 } },
      skin: "fair",
      hair: { style: "chignon", color: "white", flip: true },
      top: {
        kind: "blouse",
        color: C.white,
        neck: "v",
        collar: "shirt",
        sleeve: "blouse",
        tuck: true,
      },
      bottom: { kind: "trousers", color: C.ivory, cut: "straight" },
      outer: { color: C.navy, length: 500, open: true, vBottom: 290, flare: 10, ease: 9 },
      shoes: { color: C.navy, kind: "flat" },
      bag: { side: "L", color: C.ink, w: 100, h: 76, kind: "chain" },
      necklace: "pearls",
      earrings: "pearl",
    },
  })
}

function affiliateOuterwear() {
  return portrait({
    bg: {
      top: "#fbf6f3",
      bottom: "#f1e3de",
      washes: [{ cx: 600, cy: 620, rx: 480, ry: 600, color: C.blush, opacity: 0.9, seed: 105 }],
    },
    fig: {
      pose: {
        legs: "walk",
        armL: "pocket",
        armR: "swingFwd",
        mirror: true,
        head: { tilt: -2, turn: 0.4 },
      },
      skin: "tan",
      hair: { style: "bob", color: "silver" },
      top: { kind: "knit", color: C.navy, neck: "roll", sleeve: "knit" },
      bottom: { kind: "trousers", color: C.navy, cut: "straight" },
      outer: {
        color: C.stone,
        length: 830,
        open: true,
        flare: 44,
        ease: 11,
        gap: 34,
        vBottom: 330,
      },
      scarf: { color: C.garnet, pattern: "dots" },
      shoes: { color: C.garnetDeep, kind: "flat" },
    },
  })
}

function affiliateAccessories() {
  const tableY = 1000
  return sheet(
    PORTRAIT,
    {
      top: "#f8f7f1",
      bottom: "#ecebe2",
      washes: [{ cx: 600, cy: 560, rx: 520, ry: 460, color: C.sagePale, opacity: 0.9, seed: 107 }],
    },
    tabletop(PORTRAIT, { y: tableY, color: "#e6dccf", sheen: 0.4 }),
    props.contactShadow(360, tableY - 4, 200, 12, 0.2),
    props.hatBox({ x: 360, y: tableY - 40, w: 340, h: 230, color: C.blush, ribbon: C.garnet }),
    props.restingHat({ x: 360, y: tableY - 320, w: 480, color: "#e6d8bf", band: C.ink }),
    props.contactShadow(860, tableY - 4, 140, 10, 0.2),
    props.bag({
      x: 860,
      y: tableY - 300,
      s: 2.2,
      color: C.ink,
      w: 110,
      h: 80,
      strap: 50,
      kind: "chain",
    }),
    props.gloves({ x: 330, y: tableY + 250, s: 0.9, color: C.garnetDeep, rot: -80 }),
    props.watch({ x: 760, y: tableY + 250, s: 0.9, rot: 70 }),
    props.brooch({ x: 1010, y: tableY + 180, r: 40 }),
    props.pearlStrand(
      [
        [560, tableY + 420],
        [700, tableY + 380],
        [880, tableY + 400],
        [1040, tableY + 340],
        [1120, tableY + 380],
      ],
      { r: 10 },
    ),
  )
}

/* --------------------------------------------------------------- brand */

const SERIF = "Cormorant Garamond, Liberation Serif, Georgia, Times New Roman, serif"

function shareCard() {
  const { w: W, h: H } = SHARE_CARD
  const bg = paper(W, H, {
    top: C.ivory,
    bottom: "#f5ede6",
    glowAt: [0.65, 0.4],
    washes: [{ cx: 280, cy: 330, rx: 240, ry: 280, color: C.blush, opacity: 0.9, seed: 111 }],
  })
  const fig = figure({
    x: 280,
    y: 612,
    s: 0.56,
    line: 1.3,
    pose: { legs: "walk", armL: "swingBack", armR: "swingFwd", head: { tilt: -2, turn: 0.3 } },
    skin: "fair",
    hair: { style: "chignon", color: "silver" },
    dress: {
      color: C.garnet,
      neck: "v",
      sleeve: "three",
      hem: 806,
      flare: 80,
      waves: 4,
      depth: 9,
      sway: -26,
      lift: 26,
      belt: { color: C.garnet, buckle: C.gold, w: 10 },
    },
    shoes: { color: C.stoneDeep, kind: "pump" },
    necklace: "pearls",
    earrings: "pearl",
  })
  const text =
    `<text x="780" y="318" text-anchor="middle" font-family="${SERIF}" font-size="128" letter-spacing="3" fill="${C.garnet}">Evergrace</text>` +
    `<path d="M680 360H880" stroke="${C.gold}" stroke-width="2"/>` +
    `<circle cx="780" cy="360" r="5" fill="${C.gold}"/>` +
    `<text x="780" y="426" text-anchor="middle" font-family="${SERIF}" font-style="italic" font-size="44" letter-spacing="1.5" fill="${C.inkSoft}">Style never ages</text>`
  return svgDoc(W, H, bg + groundShadow(280, 614, 80, 8) + fig + text)
}

function icon() {
  const S = ICON.w
  return svgDoc(
    S,
    S,
    `<rect width="${S}" height="${S}" fill="${C.garnet}"/>` +
      `<rect x="34" y="34" width="${S - 68}" height="${S - 68}" fill="none" stroke="${C.goldLight}" stroke-width="6" opacity="0.9"/>` +
      `<text x="256" y="392" text-anchor="middle" font-family="${SERIF}" font-size="400" fill="${C.ivory}" stroke="${C.ivory}" stroke-width="8" stroke-linejoin="round">E</text>`,
  )
}

/** One image: its name on the command line, its file in data/images/ and its size in pixels. */
export interface Scene extends Size {
  name: string
  file: string
  draw: () => string
}

/** A scene rendered to a JPEG named after it. */
const jpg = (name: string, size: Size, draw: () => string): Scene => ({
  name,
  file: `${name}.jpg`,
  ...size,
  draw,
})

export const scenes: Scene[] = [
  jpg("journal-spring-palette", JOURNAL, journalSpringPalette),
  jpg("journal-capsule-wardrobe", JOURNAL, journalCapsule),
  jpg("journal-linen-mornings", JOURNAL, journalLinen),
  jpg("journal-woman-you-are", JOURNAL, journalWomanYouAre),
  jpg("journal-trouser-fit", JOURNAL, journalTrouserFit),
  jpg("journal-silk-scarf", JOURNAL, journalSilkScarf),
  jpg("about-hero", ABOUT_HERO, aboutHero),
  jpg("affiliate-spring-elegance", PORTRAIT, affiliateSpring),
  jpg("affiliate-timeless-classics", PORTRAIT, affiliateClassics),
  jpg("affiliate-luxe-outerwear", PORTRAIT, affiliateOuterwear),
  jpg("affiliate-refined-accessories", PORTRAIT, affiliateAccessories),
  jpg("share", SHARE_CARD, shareCard),
  { name: "icon", file: "icon.png", ...ICON, draw: icon },
  jpg("home-hero", HOME_HERO, homeHero),
  jpg("collection-dresses", PORTRAIT, collectionDresses),
  jpg("collection-everyday-wear", PORTRAIT, collectionEveryday),
  jpg("category-dresses", PORTRAIT, categoryDresses),
  jpg("category-tops", PORTRAIT, categoryTops),
  jpg("category-bottoms", PORTRAIT, categoryBottoms),
  jpg("category-accessories", PORTRAIT, categoryAccessories),
  jpg("category-outerwear", PORTRAIT, categoryOuterwear),
]
