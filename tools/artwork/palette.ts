/**
 * The Evergrace palette, shared by every illustration so the set reads as one.
 */
export const C = {
  ink: "#231c20",
  inkSoft: "#4d4247",
  ivory: "#fbf8f4",
  linen: "#f4ede5",
  blush: "#f0e0dc",
  garnet: "#7a2b48",
  garnetDeep: "#5a1d34",
  gold: "#a8844f",
  goldLight: "#cdb48a",
  sage: "#7f8f7a",
  sageLight: "#b9c3b2",
  sagePale: "#dfe4d9",
  white: "#ffffff",
  stone: "#d9cbbd",
  stoneDeep: "#b9a796",
  rose: "#c99a9a",
  roseLight: "#e2c3c0",
  navy: "#34405a",
  navyDeep: "#262f43",
  camel: "#c4a27c",
}

/** Skin tones: base fill, shaded side, lip colour. */
export const SKIN = {
  fair: { base: "#f1d8c8", shade: "#dfbba6", lip: "#b9747a" },
  warm: { base: "#e6c0a2", shade: "#cc9f80", lip: "#a9656a" },
  tan: { base: "#c79472", shade: "#a9775a", lip: "#8e4f52" },
  deep: { base: "#8d5d45", shade: "#714533", lip: "#5e2f31" },
}

/** Hair colours: main fill, light strands, shadow strands. */
export const HAIR = {
  silver: { base: "#d8d5d3", light: "#f3f1ee", dark: "#a39c9c" },
  white: { base: "#ece8e3", light: "#fbfaf8", dark: "#bdb5b0" },
  grey: { base: "#a7a0a0", light: "#cfcaca", dark: "#7a7172" },
  pepper: { base: "#6e6566", light: "#a8a1a1", dark: "#4a4244" },
  dark: { base: "#3a2f30", light: "#6a5c5c", dark: "#231c20" },
}

/** Mix two hex colours (t = 0 gives a, t = 1 gives b). */
export function mix(a: string, b: string, t: number): string {
  const channel = (hex: string, i: number) => parseInt(hex.slice(i, i + 2), 16)
  return `#${[1, 3, 5]
    .map((i) => {
      const v = channel(a, i)
      return Math.round(v + (channel(b, i) - v) * t)
        .toString(16)
        .padStart(2, "0")
    })
    .join("")}`
}
