/**
 * Every illustration on the site, one function per image slot.
 * Each scene returns a complete SVG document at its final pixel size.
 */
import { C } from "./palette"
import { figure, hookTop, type FigureSpec, type HangerSpec } from "./figure"
import {
  groundBand,
  groundShadow,
  paper,
  svgDoc,
  vignette,
  type PaperOptions,
  type Wash,
} from "./paper"
import * as props from "./props"

/* ---------------------------------------------------------------- home */

function homeHero() {
  const W = 2400
  const H = 1500
  const bg = paper(W, H, {
    top: "#fbf7f2",
    bottom: "#f3e6e0",
    glowAt: [0.68, 0.22],
    washes: [
      { cx: 380, cy: 700, rx: 820, ry: 900, color: C.stone, opacity: 0.3, seed: 11, rim: false },
      { cx: 1600, cy: 640, rx: 560, ry: 520, color: C.sageLight, opacity: 0.42, seed: 4 },
      { cx: 2200, cy: 420, rx: 300, ry: 260, color: C.blush, opacity: 0.6, seed: 8 },
    ],
  })
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
  return svgDoc(
    W,
    H,
    bg + groundBand(W, 1330, C.stone, 0.35) + branch + shadows + f1 + f3 + f2 + vignette(W, H),
  )
}

/* ------------------------------------------------------ shared layouts */

interface ArchSpec {
  x: number
  y: number
  w: number
  h: number
  color?: string
  line?: string
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

interface PanelSpec {
  x: number
  y: number
  w: number
  h: number
  color?: string
  line?: string
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
  backdrop?: string
  fig: FigureSpec
  front?: string
  shadowAt?: number
  ground?: string
}

/** A 4:5 portrait of one figure on paper, with optional backdrop and extras. */
function portrait({
  bg,
  backdrop = "",
  fig,
  front = "",
  shadowAt = 600,
  ground = C.stone,
}: PortraitSpec): string {
  const W = 1200
  const H = 1500
  const y = fig.y ?? 1440
  return svgDoc(
    W,
    H,
    paper(W, H, bg) +
      backdrop +
      groundBand(W, y - 70, ground, 0.3) +
      groundShadow(shadowAt, y + 4, 190, 18) +
      figure({ x: 600, y, s: 1.3, ...fig }) +
      front +
      vignette(W, H),
  )
}

/** A garment on a hanger whose hook rests on a rail at railY. */
function onRail(railY: number, x: number, s: number, spec: FigureSpec): string {
  const kind = spec.hanger ? spec.hanger.kind : undefined
  return figure({ ghost: true, x, y: railY - hookTop(kind) * s + 1000 * s, s, ...spec })
}

interface Room {
  wall?: string
  wallLow?: string
  floorY: number
  floorColor?: string
  washes?: Wash[]
}

/** Plain wall-and-floor still-life setting. */
function stillLifeRoom(
  W: number,
  H: number,
  { wall = C.ivory, wallLow = C.linen, floorY, floorColor = "#efe4da", washes = [] }: Room,
): string {
  return (
    paper(W, H, { top: wall, bottom: wallLow, washes }) +
    props.floor({ w: W, y: floorY, color: floorColor })
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
    shadowAt: 560,
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
  const W = 1200
  const H = 1500
  const railY = 230
  const bg = stillLifeRoom(W, H, {
    wall: "#fbf7f2",
    wallLow: "#f4ebe3",
    floorY: 1330,
    washes: [{ cx: 600, cy: 560, rx: 520, ry: 420, color: C.blush, opacity: 0.7, seed: 51 }],
  })
  const tops =
    onRail(railY, 330, 1.28, {
      top: { kind: "knit", color: C.sage, neck: "crew", sleeve: "knit", ease: 7, box: 12 },
    }) +
    onRail(railY, 870, 1.28, {
      top: { kind: "knit", color: C.garnet, neck: "v", sleeve: "knit", ease: 7, box: 12 },
    }) +
    onRail(railY, 600, 1.34, {
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
    })
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
  return svgDoc(
    W,
    H,
    bg + props.rail({ x1: 110, x2: 1090, y: railY, floor: 1330 }) + tops + still + vignette(W, H),
  )
}

function categoryBottoms() {
  const W = 1200
  const H = 1500
  const railY = 200
  const bg = stillLifeRoom(W, H, {
    wall: "#f9f6f1",
    wallLow: "#efe9e0",
    floorY: 1350,
    washes: [{ cx: 600, cy: 700, rx: 520, ry: 560, color: C.sagePale, opacity: 0.9, seed: 61 }],
  })
  const clip: HangerSpec = { kind: "clip" }
  const items =
    onRail(railY, 330, 1.12, {
      hanger: clip,
      bottom: { kind: "skirt", color: C.sage, hem: 800, flare: 70, waves: 9, depth: 5, ease: 3 },
    }) +
    onRail(railY, 870, 1.12, {
      hanger: clip,
      bottom: { kind: "trousers", color: C.navy, cut: "tapered", hemDrop: 10 },
    }) +
    onRail(railY, 600, 1.16, {
      hanger: clip,
      bottom: { kind: "trousers", color: C.stone, cut: "wide", hemDrop: 30 },
    })
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
  return svgDoc(
    W,
    H,
    bg + props.rail({ x1: 110, x2: 1090, y: railY, floor: 1350 }) + items + stool + vignette(W, H),
  )
}

function categoryAccessories() {
  const W = 1200
  const H = 1500
  const tableY = 960
  const bg = paper(W, H, {
    top: "#fbf7f3",
    bottom: "#f3e9e2",
    washes: [{ cx: 600, cy: 600, rx: 520, ry: 460, color: C.roseLight, opacity: 0.45, seed: 71 }],
  })
  const table =
    `<rect x="0" y="${tableY}" width="${W}" height="${H - tableY}" fill="${C.stone}"/>` +
    `<rect x="0" y="${tableY}" width="${W}" height="10" fill="#fff" opacity="0.35"/>` +
    `<rect x="0" y="${tableY + 40}" width="${W}" height="${H}" fill="${C.ink}" opacity="0.05"/>` +
    `<path d="M0 ${tableY}H${W}" stroke="${C.ink}" stroke-opacity="0.4" stroke-width="1.6"/>`
  const objects =
    props.ovalMirror({ cx: 420, cy: 330, rx: 190, ry: 250 }) +
    props.vaseStems({ x: 930, y: tableY - 190, h: 320, seed: 14, vase: C.ivory }) +
    props.contactShadow(930, tableY - 6, 70, 8) +
    props.contactShadow(430, tableY - 4, 230, 12, 0.2) +
    props.bag({ x: 430, y: tableY - 320, s: 3.4, color: C.garnet, w: 120, h: 86, strap: 14 }) +
    props.twilly({ x: 500, y: tableY - 318, s: 1.3, color: C.rose }) +
    props.drapedScarf({
      x: 660,
      y: tableY - 4,
      w: 190,
      h: 330,
      base: C.navy,
      border: C.gold,
      pattern: "dots",
    }) +
    props.contactShadow(820, tableY + 8, 130, 6) +
    props.sunglasses({ x: 1010, y: tableY - 24, s: 0.95, rot: -4 }) +
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
    )
  return svgDoc(W, H, bg + table + objects + vignette(W, H))
}

/* --------------------------------------------------------------- about */

function aboutHero() {
  const W = 2400
  const H = 1200
  const floorY = 1010
  const lw = 2
  // wall with panel mouldings
  let wall = paper(W, H, {
    top: "#fbf7f2",
    bottom: "#f3ebe2",
    glowAt: [0.5, 0.2],
    washes: [{ cx: 1250, cy: 520, rx: 700, ry: 420, color: C.blush, opacity: 0.55, seed: 81 }],
  })
  for (const [x, w] of [
    [60, 420],
    [560, 380],
    [1960, 380],
  ]) {
    wall += `<rect x="${x}" y="140" width="${w}" height="${floorY - 240}" fill="none" stroke="${C.stoneDeep}" stroke-opacity="0.45" stroke-width="2"/>`
  }
  wall += `<rect x="0" y="${floorY - 40}" width="${W}" height="40" fill="${C.linen}"/><path d="M0 ${floorY - 40}H${W}" stroke="${C.stoneDeep}" stroke-opacity="0.5" stroke-width="2"/>`
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
  const reflection =
    `<rect x="${mirrorX}" y="0" width="380" height="${H}" fill="#efe7e0"/>` +
    `<rect x="${mirrorX}" y="${floorY - 10}" width="380" height="300" fill="#e4d8cc"/>` +
    figure({ ...customer, x: mirrorX + 120, y: floorY + 60, s: 0.84, flipX: true }) +
    `<rect x="${mirrorX}" y="0" width="380" height="${H}" fill="#f4eee8" opacity="0.28"/>`
  const mirror = props.mirror({
    x: mirrorX,
    y: 130,
    w: 380,
    h: floorY - 150,
    inner: reflection,
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
  const railY = 250
  const rail = props.rail({ x1: 2030, x2: 2380, y: railY, floor: floorY + 30, lw })
  const rack: [x: number, spec: FigureSpec][] = [
    [2090, { outer: { color: C.camel, length: 760, belt: true } }],
    [
      2170,
      {
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
    ],
    [2250, { top: { kind: "knit", color: C.stone, sleeve: "knit", ease: 7, box: 12 } }],
    [
      2320,
      {
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
  ]
  const hung = rack.map(([x, spec]) => onRail(railY, x, 0.66, { line: lw, ...spec })).join("")

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
  return svgDoc(
    W,
    H,
    wall +
      floorLayer +
      lamps +
      left +
      mirror +
      rail +
      hung +
      shadows +
      customerFig +
      stylist +
      offered +
      vignette(W, H),
  )
}

/* ------------------------------------------------------------- journal */

function journalSpringPalette() {
  const W = 1200
  const H = 800
  const bg = paper(W, H, {
    top: "#fbf8f3",
    bottom: "#f2e8e1",
    glowAt: [0.3, 0.3],
    washes: [{ cx: 840, cy: 380, rx: 300, ry: 330, color: C.sagePale, opacity: 0.9, seed: 91 }],
  })
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
  return svgDoc(
    W,
    H,
    bg +
      groundBand(W, 730, C.stone, 0.3) +
      swatches +
      sprig +
      groundShadow(850, 778, 120, 10) +
      fig +
      vignette(W, H),
  )
}

function journalCapsule() {
  const W = 1200
  const H = 800
  const floorY = 700
  const bg = stillLifeRoom(W, H, {
    wall: "#fbf7f2",
    wallLow: "#f3ebe2",
    floorY,
    washes: [{ cx: 430, cy: 360, rx: 420, ry: 260, color: C.blush, opacity: 0.6, seed: 93 }],
  })
  const railY = 110
  const s = 0.5
  const rack: [x: number, spec: FigureSpec][] = [
    [
      150,
      {
        top: {
          kind: "blouse",
          color: C.white,
          neck: "v",
          sleeve: "blouse",
          tuck: false,
          bottom: 470,
        },
      },
    ],
    [245, { top: { kind: "knit", color: C.stone, sleeve: "knit", ease: 7, box: 12 } }],
    [
      340,
      {
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
    ],
    [445, { outer: { color: C.camel, length: 760, belt: true } }],
    [545, { top: { kind: "knit", color: C.garnet, neck: "v", sleeve: "knit", ease: 7, box: 12 } }],
    [
      640,
      {
        hanger: { kind: "clip" },
        bottom: { kind: "trousers", color: C.ink, cut: "straight", hemDrop: 10 },
      },
    ],
    [
      730,
      {
        hanger: { kind: "clip" },
        bottom: { kind: "skirt", color: C.sage, hem: 790, flare: 50, waves: 7, depth: 4 },
      },
    ],
  ]
  const garments = rack.map(([x, spec]) => onRail(railY, x, s, spec)).join("")
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
  return svgDoc(
    W,
    H,
    bg +
      props.rail({ x1: 90, x2: 790, y: railY, floor: floorY + 10 }) +
      garments +
      right +
      vignette(W, H),
  )
}

function journalLinen() {
  const W = 1200
  const H = 800
  const bg = paper(W, H, {
    top: "#efe6db",
    bottom: "#e8ddd0",
    glow: "#fbf4e8",
    glowAt: [0.3, 0.35],
  })
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
  return svgDoc(W, H, bg + light + win + sill + fig + vignette(W, H))
}

function journalWomanYouAre() {
  const W = 1200
  const H = 800
  const bg = paper(W, H, {
    top: "#fbf6f3",
    bottom: "#f2e4df",
    washes: [{ cx: 420, cy: 360, rx: 330, ry: 320, color: C.roseLight, opacity: 0.5, seed: 95 }],
  })
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
  const reflection =
    `<rect x="${mx}" y="0" width="340" height="${H}" fill="#efe6e2"/>` +
    figure({ ...person, x: mx + 150, y: 1140, s: 0.95, flipX: true }) +
    `<rect x="${mx}" y="0" width="340" height="${H}" fill="#f6efec" opacity="0.3"/>`
  const mirror = props.mirror({ x: mx, y: 60, w: 340, h: 900, inner: reflection, id: "youMirror" })
  const fig = figure({ ...person, x: 430, y: 1110 })
  return svgDoc(W, H, bg + mirror + fig + vignette(W, H))
}

function journalTrouserFit() {
  const W = 1200
  const H = 800
  const bg = paper(W, H, {
    top: "#faf7f2",
    bottom: "#efe8df",
    washes: [{ cx: 600, cy: 360, rx: 460, ry: 260, color: C.stone, opacity: 0.5, seed: 97 }],
  })
  const railY = 70
  const s = 0.82
  const clip: HangerSpec = { kind: "clip" }
  const trousers =
    onRail(railY, 300, s, {
      hanger: clip,
      bottom: { kind: "trousers", color: C.stone, cut: "palazzo", hemDrop: 30 },
    }) +
    onRail(railY, 600, s, {
      hanger: clip,
      bottom: { kind: "trousers", color: C.navy, cut: "straight", hemDrop: 20 },
    }) +
    onRail(railY, 900, s, {
      hanger: clip,
      bottom: { kind: "trousers", color: C.sage, cut: "tapered", hemDrop: 6 },
    })
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
  return svgDoc(
    W,
    H,
    bg + props.rail({ x1: 110, x2: 1090, y: railY, floor: 900 }) + trousers + tape + vignette(W, H),
  )
}

function journalSilkScarf() {
  const W = 1200
  const H = 800
  const bg = paper(W, H, { top: "#f6efe8", bottom: "#efe5dc", glowAt: [0.4, 0.3] })
  const scarves =
    props.silkSquare({
      x: 380,
      y: 400,
      size: 460,
      rot: 12,
      base: C.garnet,
      border: C.gold,
      accent: C.blush,
      seed: 3,
    }) +
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
    }) +
    props.twilly({ x: 930, y: 560, s: 2.4, color: C.navy }) +
    props.pearlStrand(
      [
        [60, 690],
        [180, 640],
        [300, 690],
        [330, 760],
        [280, 790],
      ],
      { r: 10 },
    )
  return svgDoc(W, H, bg + scarves + vignette(W, H))
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
  const W = 1200
  const H = 1500
  const tableY = 1000
  const bg = paper(W, H, {
    top: "#f8f7f1",
    bottom: "#ecebe2",
    washes: [{ cx: 600, cy: 560, rx: 520, ry: 460, color: C.sagePale, opacity: 0.9, seed: 107 }],
  })
  const table =
    `<rect x="0" y="${tableY}" width="${W}" height="${H - tableY}" fill="#e6dccf"/>` +
    `<rect x="0" y="${tableY}" width="${W}" height="10" fill="#fff" opacity="0.4"/>` +
    `<path d="M0 ${tableY}H${W}" stroke="${C.ink}" stroke-opacity="0.4" stroke-width="1.6"/>`
  const objects =
    props.contactShadow(360, tableY - 4, 200, 12, 0.2) +
    props.hatBox({ x: 360, y: tableY - 40, w: 340, h: 230, color: C.blush, ribbon: C.garnet }) +
    props.restingHat({ x: 360, y: tableY - 320, w: 480, color: "#e6d8bf", band: C.ink }) +
    props.contactShadow(860, tableY - 4, 140, 10, 0.2) +
    props.bag({
      x: 860,
      y: tableY - 300,
      s: 2.2,
      color: C.ink,
      w: 110,
      h: 80,
      strap: 50,
      kind: "chain",
    }) +
    props.gloves({ x: 330, y: tableY + 250, s: 0.9, color: C.garnetDeep, rot: -80 }) +
    props.watch({ x: 760, y: tableY + 250, s: 0.9, rot: 70 }) +
    props.brooch({ x: 1010, y: tableY + 180, r: 40 }) +
    props.pearlStrand(
      [
        [560, tableY + 420],
        [700, tableY + 380],
        [880, tableY + 400],
        [1040, tableY + 340],
        [1120, tableY + 380],
      ],
      { r: 10 },
    )
  return svgDoc(W, H, bg + table + objects + vignette(W, H))
}

/* --------------------------------------------------------------- brand */

const SERIF = "Cormorant Garamond, Liberation Serif, Georgia, Times New Roman, serif"

function shareCard() {
  const W = 1200
  const H = 630
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
  const S = 512
  return svgDoc(
    S,
    S,
    `<rect width="${S}" height="${S}" fill="${C.garnet}"/>` +
      `<rect x="34" y="34" width="${S - 68}" height="${S - 68}" fill="none" stroke="${C.goldLight}" stroke-width="6" opacity="0.9"/>` +
      `<text x="256" y="392" text-anchor="middle" font-family="${SERIF}" font-size="400" fill="${C.ivory}" stroke="${C.ivory}" stroke-width="8" stroke-linejoin="round">E</text>`,
  )
}

/** One image: its name on the command line, its file in data/images/ and its size in pixels. */
export interface Scene {
  name: string
  file: string
  w: number
  h: number
  draw: () => string
}

export const scenes: Scene[] = [
  {
    name: "journal-spring-palette",
    file: "journal-spring-palette.jpg",
    w: 1200,
    h: 800,
    draw: journalSpringPalette,
  },
  {
    name: "journal-capsule-wardrobe",
    file: "journal-capsule-wardrobe.jpg",
    w: 1200,
    h: 800,
    draw: journalCapsule,
  },
  {
    name: "journal-linen-mornings",
    file: "journal-linen-mornings.jpg",
    w: 1200,
    h: 800,
    draw: journalLinen,
  },
  {
    name: "journal-woman-you-are",
    file: "journal-woman-you-are.jpg",
    w: 1200,
    h: 800,
    draw: journalWomanYouAre,
  },
  {
    name: "journal-trouser-fit",
    file: "journal-trouser-fit.jpg",
    w: 1200,
    h: 800,
    draw: journalTrouserFit,
  },
  {
    name: "journal-silk-scarf",
    file: "journal-silk-scarf.jpg",
    w: 1200,
    h: 800,
    draw: journalSilkScarf,
  },
  { name: "about-hero", file: "about-hero.jpg", w: 2400, h: 1200, draw: aboutHero },
  {
    name: "affiliate-spring-elegance",
    file: "affiliate-spring-elegance.jpg",
    w: 1200,
    h: 1500,
    draw: affiliateSpring,
  },
  {
    name: "affiliate-timeless-classics",
    file: "affiliate-timeless-classics.jpg",
    w: 1200,
    h: 1500,
    draw: affiliateClassics,
  },
  {
    name: "affiliate-luxe-outerwear",
    file: "affiliate-luxe-outerwear.jpg",
    w: 1200,
    h: 1500,
    draw: affiliateOuterwear,
  },
  {
    name: "affiliate-refined-accessories",
    file: "affiliate-refined-accessories.jpg",
    w: 1200,
    h: 1500,
    draw: affiliateAccessories,
  },
  { name: "share", file: "share.jpg", w: 1200, h: 630, draw: shareCard },
  { name: "icon", file: "icon.png", w: 512, h: 512, draw: icon },
  { name: "home-hero", file: "home-hero.jpg", w: 2400, h: 1500, draw: homeHero },
  {
    name: "collection-dresses",
    file: "collection-dresses.jpg",
    w: 1200,
    h: 1500,
    draw: collectionDresses,
  },
  {
    name: "collection-everyday-wear",
    file: "collection-everyday-wear.jpg",
    w: 1200,
    h: 1500,
    draw: collectionEveryday,
  },
  {
    name: "category-dresses",
    file: "category-dresses.jpg",
    w: 1200,
    h: 1500,
    draw: categoryDresses,
  },
  { name: "category-tops", file: "category-tops.jpg", w: 1200, h: 1500, draw: categoryTops },
  {
    name: "category-bottoms",
    file: "category-bottoms.jpg",
    w: 1200,
    h: 1500,
    draw: categoryBottoms,
  },
  {
    name: "category-accessories",
    file: "category-accessories.jpg",
    w: 1200,
    h: 1500,
    draw: categoryAccessories,
  },
  {
    name: "category-outerwear",
    file: "category-outerwear.jpg",
    w: 1200,
    h: 1500,
    draw: categoryOuterwear,
  },
]
