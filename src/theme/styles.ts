import { css } from "@emotion/react"
import { colors, fonts, fontSizes, mq, narrowCap, radii, shadows, sizes, space } from "./tokens"

/** The short gold line that sets off a heading, as an `::after` or `::before` of it. */
export const goldRule = (width: string) => css`
  content: "";
  display: block;
  width: ${width};
  height: 2px;
  background: ${colors.gold};
`

/** The boutique's name as a link home, in the header and the footer. */
export const logoLink = css`
  display: inline-flex;
  align-items: center;
  min-height: ${sizes.tapTarget};
  font-family: ${fonts.display};
  font-weight: 600;
  text-decoration: none;
`

/** The side gutter of `container`'s column. */
export const containerGutter = `clamp(${narrowCap(1)}, 5vw, ${space.lg})`

/** Centred column with side gutters. */
export const container = css`
  width: 100%;
  max-width: ${sizes.content};
  margin-inline: auto;
  padding-inline: ${containerGutter};
`

/**
 * How wide a picture spanning `container`'s column is drawn, as an image's `sizes`: the column
 * less its two widest gutters, or nearly the whole window on a phone (the gutters are 5vw there).
 */
export const containerImageSizes = `(min-width: ${sizes.content}) calc(${sizes.content} - 2 * ${space.lg}), 92vw`

/** A white card on the page, as the contact page's form sits in. */
/** A small label in spaced capitals: a footer column's heading, the staff page's "Staff". */
export const capsLabel = css`
  font-family: ${fonts.body};
  font-size: ${fontSizes.small};
  font-weight: 600;
  letter-spacing: 0.08em;
  text-transform: uppercase;
`

/** A page's one heading with its gold rule, and the short introduction under it. */
export const pageTitle = css`
  h1 {
    margin-bottom: ${space.sm};
  }
  h1::after {
    ${goldRule("4rem")};
    margin-top: ${space.sm};
  }
  p {
    max-width: ${sizes.measure};
    font-size: ${fontSizes.lead};
    color: ${colors.inkSoft};
  }
`

/**
 * A panel on the page (the story's philosophy, the partner, the questions): its side padding
 * grows with a wider screen, and on a narrow one stays within its share (narrowCap). Its last
 * paragraph's margin is left out, so the space below the words is the space above them.
 */
export const panel = css`
  padding: ${space.lg} clamp(${narrowCap(1.5)}, 5vw, ${space.xl});
  border-radius: ${radii.md};
  > :last-child {
    margin-bottom: 0;
  }
`

/** A text field, large and plain (the sign-up's address, the staff's search). */
export const textField = css`
  width: 100%;
  min-height: 3.25rem;
  padding: 0.75rem ${narrowCap(1)};
  border: 2px solid ${colors.inkSoft};
  border-radius: ${radii.sm};
  background: ${colors.white};
  color: ${colors.ink};
  font: inherit;
  &:focus-visible {
    border-color: ${colors.focus};
  }
`

export const card = css`
  padding: clamp(${narrowCap(1.5)}, 4vw, ${space.lg});
  border-radius: ${radii.md};
  background: ${colors.white};
  box-shadow: ${shadows.card};
`

/**
 * A log on the staff's page (its actions, the publishes): one line an entry, its time in a column
 * of its own on wider screens.
 */
export const datedLog = css`
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    display: grid;
    gap: 0 ${space.md};
    padding-block: ${space.sm};
    border-bottom: 1px solid ${colors.linen};
    ${mq.md} {
      grid-template-columns: 15rem 1fr;
    }
  }
  li:last-of-type {
    border-bottom: none;
  }
  time {
    font-size: ${fontSizes.small};
    color: ${colors.inkSoft};
    font-variant-numeric: tabular-nums;
  }
`

/**
 * The focus ring on a dark surface (the footer, the hero): the page's blue ring is 2.74:1 on ink,
 * under the 3:1 a focus indicator needs (WCAG 1.4.11), so the ring there is a light blue.
 */
export const focusOnDark = css`
  & :focus-visible {
    outline-color: ${colors.focusOnDark};
  }
`

/** The band at the top of the site's and the staff page's pages, and the row inside it. */
export const headerBand = css`
  background: ${colors.ivory};
  border-bottom: 1px solid ${colors.linen};
`
export const headerRow = css`
  ${container};
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 0 ${space.sm};
  min-height: ${sizes.navHeight};
  /* A larger text than the row holds: the name wraps, then the menu button goes under it. */
  & > * {
    min-width: 0;
  }
`

/** White small text on ink, in a rounded box: the skip link and the tooltips' notes. */
export const noteOnInk = css`
  border-radius: ${radii.sm};
  background: ${colors.ink};
  color: ${colors.white};
  font-size: ${fontSizes.small};
`

/** Quieter, smaller text: notes under a form, details for whoever manages the site. */
export const smallPrint = css`
  font-size: ${fontSizes.small};
  color: ${colors.inkSoft};
`

/** What went wrong, marked as the sign-up form marks a problem. */
export const problemNote = css`
  padding: ${space.xs} ${space.sm};
  border-left: 5px solid ${colors.problem};
  color: ${colors.problem};
  font-weight: 600;
`

export type ButtonVariant = "primary" | "secondary" | "onDark"

const buttonBase = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-height: ${sizes.tapTarget};
  min-width: ${sizes.tapTarget};
  padding: 0.75rem ${narrowCap(1.75)};
  border: 2px solid transparent;
  border-radius: ${radii.pill};
  font: inherit;
  font-size: ${fontSizes.small};
  font-weight: 600;
  letter-spacing: 0.02em;
  line-height: 1.2;
  text-align: center;
  hyphens: auto;
  text-decoration: none;
  cursor: pointer;
  transition:
    background-color 0.2s ease,
    color 0.2s ease,
    border-color 0.2s ease;
  &:hover {
    text-decoration: none;
  }
`

/** Each variant's colours at rest, and under the pointer where the button is live. */
const buttonColours: Record<
  ButtonVariant,
  { background: string; text: string; border?: string; hoverBackground: string; hoverText: string }
> = {
  primary: {
    background: colors.accent,
    text: colors.white,
    hoverBackground: colors.accentDeep,
    hoverText: colors.white,
  },
  secondary: {
    background: "transparent",
    text: colors.accent,
    border: colors.accent,
    hoverBackground: colors.accent,
    hoverText: colors.white,
  },
  onDark: {
    background: colors.ivory,
    text: colors.accentDeep,
    hoverBackground: colors.white,
    hoverText: colors.accentDeep,
  },
}

const buttonLook = (variant: ButtonVariant) => {
  const { background, text, border } = buttonColours[variant]
  return css`
    background: ${background};
    color: ${text};
    ${border ? `border-color: ${border};` : ""}
  `
}

const buttonHover = (variant: ButtonVariant) => {
  const { hoverBackground, hoverText } = buttonColours[variant]
  return css`
    &:hover {
      background: ${hoverBackground};
      color: ${hoverText};
    }
  `
}

export const buttonStyles = (variant: ButtonVariant = "primary") => [
  buttonBase,
  buttonLook(variant),
  buttonHover(variant),
]

/**
 * A button for something not open yet (aria-disabled): the variant's look, which stays as it is
 * under the pointer, and a pointer that says the button is not active. Filling or darkening when
 * pointed at, as a live button does, promised what it cannot do. Its focus ring is the page's.
 */
export const notYetButtonStyles = (variant: ButtonVariant = "primary") => [
  buttonBase,
  buttonLook(variant),
  css`
    cursor: not-allowed;
  `,
]
