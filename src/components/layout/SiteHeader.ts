import { css, jsx } from "@emotion/react"
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type FocusEvent } from "react"
import { container, headerBand, headerRow, logoLink } from "../../theme/styles"
import { colors, fontSizes, fromWidth, mq, radii, sizes, space } from "../../theme/tokens"
import { PlainLink, type LinkComponent } from "./links"
import { SiteNavigation, type NavigationLink } from "./SiteNavigation"

const MENU_ID = "site-menu"

// The menu's layout effect runs in the browser only; rendered on a server (the endpoints' pages),
// React would warn that it does nothing there.
const useBrowserLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect

/** On a screen tall enough for it, the header stays at the top as she scrolls (see the token). */
const header = css`
  position: relative;
  z-index: 20;
  ${headerBand};
  ${mq.stickyHeader} {
    position: sticky;
    top: 0;
    &[data-too-tall] {
      position: relative;
    }
  }
`

const bar = css`
  ${headerRow};
  gap: ${space.sm};
`

const brand = css`
  ${logoLink};
  font-size: ${fontSizes.logo};
  letter-spacing: 0.04em;
  color: ${colors.ink};
  &:hover {
    color: ${colors.accent};
    text-decoration: none;
  }
`

const menuButton = css`
  display: inline-flex;
  align-items: center;
  gap: 0.6rem;
  min-height: ${sizes.tapTarget};
  padding: 0 1rem;
  border: 2px solid ${colors.ink};
  border-radius: ${radii.pill};
  background: transparent;
  color: ${colors.ink};
  font: inherit;
  font-size: ${fontSizes.small};
  font-weight: 600;
  cursor: pointer;
  ${mq.lg} {
    display: none;
  }
`

/** Three lines that turn into a cross while the menu is open. */
const menuIcon = css`
  position: relative;
  width: 1.125rem;
  height: 2px;
  background: currentColor;
  transition: background-color 0.2s ease;
  &::before,
  &::after {
    content: "";
    position: absolute;
    left: 0;
    width: 100%;
    height: 2px;
    background: currentColor;
    transition: transform 0.2s ease;
  }
  &::before {
    transform: translateY(-6px);
  }
  &::after {
    transform: translateY(6px);
  }
  [aria-expanded="true"] > & {
    background: transparent;
    &::before {
      transform: rotate(45deg);
    }
    &::after {
      transform: rotate(-45deg);
    }
  }
  /* A contrast theme replaces backgrounds with its own: the lines are drawn in its button text
     colour instead, or the icon vanishes. */
  ${mq.forcedColors} {
    forced-color-adjust: none;
    background: ButtonText;
    &::before,
    &::after {
      background: ButtonText;
    }
    [aria-expanded="true"] > & {
      background: transparent;
    }
  }
`

/**
 * The open menu fills the screen below the header: from its bottom as measured when the menu
 * opens (--menu-top, set below), which is lower than one row's height once the header wraps (a
 * larger text, a zoomed or narrow phone), and the panel must never cover the button that closes it.
 */
const menu = css`
  display: none;
  position: fixed;
  inset: var(--menu-top, ${sizes.navHeight}) 0 0 0;
  overflow-y: auto;
  background: ${colors.ivory};
  &[data-open="true"] {
    display: block;
  }
  ${mq.lg} {
    display: block;
    position: static;
    overflow: visible;
    background: none;
  }
`

const links = css`
  ${container};
  list-style: none;
  margin: 0;
  padding-block: ${space.md};
  display: flex;
  flex-direction: column;
  a {
    display: flex;
    align-items: center;
    min-height: 3.25rem;
    padding: 0.25rem 0.75rem;
    border-bottom: 1px solid ${colors.linen};
    color: ${colors.ink};
    font-size: ${fontSizes.lead};
    text-decoration: none;
  }
  a:hover {
    color: ${colors.accent};
  }
  a[aria-current="page"] {
    color: ${colors.accent};
    font-weight: 600;
    box-shadow: inset 4px 0 0 ${colors.accent};
  }
  /* A contrast theme drops shadows and background images: the current page keeps its mark as a
     border (a phone) or an underline (a desktop), which the theme draws in its own colour. */
  ${mq.forcedColors} {
    a[aria-current="page"] {
      border-left: 4px solid;
    }
  }
  ${mq.lg} {
    flex-direction: row;
    gap: 0.25rem;
    padding: 0;
    a {
      min-height: ${sizes.tapTarget};
      padding: 0 0.75rem;
      border-bottom: 0;
      font-size: ${fontSizes.small};
      background-image: linear-gradient(currentColor, currentColor);
      background-size: 0 2px;
      background-position: 50% 85%;
      background-repeat: no-repeat;
      transition: background-size 0.2s ease;
    }
    a:hover,
    a[aria-current="page"] {
      background-size: calc(100% - 1.5rem) 2px;
      box-shadow: none;
    }
    ${mq.forcedColors} {
      a[aria-current="page"] {
        border-left: 0;
        text-decoration: underline 2px;
        text-underline-offset: 0.35em;
      }
    }
  }
`

/** What the header shows from data/site.json. */
export interface HeaderSettings {
  brandName: string
  menuButtonLabel: string
  navigationLabel: string
  navigation: readonly NavigationLink[]
}

export interface SiteHeaderProps {
  settings: HeaderSettings
  currentPath: string
  /** Gatsby's `Link` on the site's pages; a plain anchor by default. */
  link?: LinkComponent
}

/**
 * The site's header, from what it is given: ./Header.tsx gives it the site's settings and
 * Gatsby's `Link`, the endpoints' pages (src/endpointPages/) the same settings from data/.
 */
export function SiteHeader({ settings, currentPath, link = PlainLink }: SiteHeaderProps) {
  const [open, setOpen] = useState(false)
  const headerRef = useRef<HTMLElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const menuRef = useRef<HTMLElement>(null)
  const close = useCallback(() => setOpen(false), [])

  // A new page closes the menu. Only a change of page: running this on mount too would undo a
  // tap that lands as the page becomes interactive.
  const shownPath = useRef(currentPath)
  useEffect(() => {
    if (shownPath.current === currentPath) return
    shownPath.current = currentPath
    close()
  }, [currentPath, close])

  // The header's height, for the page's scroll padding (src/theme/GlobalStyles.ts): what she
  // tabs to is scrolled clear of the header however many rows her text gives it. A header taller
  // than a quarter of the screen is let go to scroll away (a text enlarged without the screen's
  // em growing, as a phone's own text setting may do); at the top of the page, where this runs on
  // load, letting go moves nothing.
  useEffect(() => {
    const headerElement = headerRef.current
    if (!headerElement || typeof ResizeObserver === "undefined") return
    const root = document.documentElement
    const measure = () => {
      const height = headerElement.offsetHeight
      const tooTall = height > window.innerHeight / 4
      headerElement.toggleAttribute("data-too-tall", tooTall)
      root.style.setProperty("--site-header-height", `${tooTall ? 0 : height}px`)
    }
    const measured = new ResizeObserver(measure)
    measured.observe(headerElement)
    window.addEventListener("resize", measure)
    return () => {
      measured.disconnect()
      window.removeEventListener("resize", measure)
      root.style.removeProperty("--site-header-height")
    }
  }, [])

  // In the commit that opens or closes the menu, before the browser paints: no frame shows the
  // menu with the page still scrolling, or the page locked after the menu has gone.
  useBrowserLayoutEffect(() => {
    if (!open) return
    // The panel starts where the header ends, however many rows the header has, and follows it
    // while open (a rotated phone). Only the open panel reads it: nothing moves on load.
    const headerElement = headerRef.current
    const placeMenu = () => {
      if (!headerElement) return
      const bottom = Math.max(0, headerElement.getBoundingClientRect().bottom)
      headerElement.style.setProperty("--menu-top", `${bottom}px`)
    }
    placeMenu()
    window.addEventListener("resize", placeMenu)
    menuRef.current?.querySelector("a")?.focus()
    // The open menu covers the page: keep the page behind it from scrolling.
    const { overflow } = document.body.style
    document.body.style.overflow = "hidden"
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false)
        buttonRef.current?.focus()
      }
    }
    // Growing to the desktop layout shows the links inline; the menu state no longer applies.
    const desktop = window.matchMedia(fromWidth("lg"))
    desktop.addEventListener("change", close)
    document.addEventListener("keydown", onKeyDown)
    return () => {
      document.body.style.overflow = overflow
      window.removeEventListener("resize", placeMenu)
      desktop.removeEventListener("change", close)
      document.removeEventListener("keydown", onKeyDown)
    }
  }, [open, close])

  // Tabbing out of the header closes the menu, so focus never lands on the page hidden behind it.
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (open && !event.currentTarget.contains(event.relatedTarget as Node | null)) close()
  }

  return jsx(
    "header",
    { ref: headerRef, css: header, onBlur, "data-site-header": true },
    jsx(
      "div",
      { css: bar },
      // The boutique's name leads home but is not the home page's entry: only the menu's Home link
      // says "current page" (Gatsby's Link would mark both on the home page).
      jsx(link, { to: "/", css: brand, "aria-current": undefined }, settings.brandName),
      jsx(
        "button",
        {
          ref: buttonRef,
          type: "button",
          css: menuButton,
          "aria-expanded": open,
          "aria-controls": MENU_ID,
          onClick: () => setOpen((isOpen) => !isOpen),
          "data-menu-button": true,
        },
        jsx("span", { css: menuIcon, "aria-hidden": true }),
        settings.menuButtonLabel,
      ),
      jsx(
        "nav",
        {
          ref: menuRef,
          id: MENU_ID,
          "aria-label": settings.navigationLabel,
          css: menu,
          "data-open": open,
          "data-menu": true,
        },
        jsx(SiteNavigation, {
          links: settings.navigation,
          currentPath,
          css: links,
          onNavigate: close,
          link,
        }),
      ),
    ),
  )
}
