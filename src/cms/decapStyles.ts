/**
 * What the site changes in Decap's own screens, as a style sheet (./cms.tsx adds it to /admin/).
 * Decap's styled components are found by the names emotion writes into their class names; the
 * tests named below fail if they change.
 *
 * The editor on a phone. Decap 3.16's editor is at least 800 pixels wide (its EditorContainer and
 * ToolbarContainer say `min-width: 800px`), so at 390 it scrolled sideways with Status and
 * Publish off the screen, and its preview beside the form left each half a phone's width. Below
 * 800 pixels the editor fits the screen: the toolbar takes three rows (the way back and whether
 * the changes are saved; Save, Status, Publish; Check for Preview or View Preview, which opens
 * the page itself, built), the site's address, the account menu and the toolbar's Delete (a
 * draft's card on the Workflow board has "Delete changes", under the card: Decap hides a card's
 * buttons below 500 pixels) are left to the other screens, and the form takes the whole width,
 * without the preview or its buttons, which floated over the fields. Decap's styled components
 * are found by the names emotion writes into their class names; e2e/cms-phone.spec.ts fails if
 * they change.
 */
import { colors } from "../theme/tokens"

const toolbarRow = "56px"
/** The editor's toolbar on a wider screen: Decap's ToolbarContainer, one row. */
const toolbarHeight = "66px"
/** The site's focus ring, as its pages draw it (src/theme/GlobalStyles.ts), for Decap's form. */
const focusRing = `outline: 3px solid ${colors.focus}; outline-offset: 3px;`

// Each rule starts at `body`: emotion writes Decap's styles after this sheet, and one class each.

export const decapStyles = `
@media (max-width: 799px) {
  body [class*="-EditorContainer"] {
    min-width: 0;
    padding-top: calc(3 * ${toolbarRow});
  }
  body [class*="-ToolbarContainer"] {
    min-width: 0;
    height: calc(3 * ${toolbarRow});
    flex-wrap: wrap;
  }
  body [class*="-ToolbarSectionBackLink"] {
    flex: 1 1 100%;
    height: ${toolbarRow};
  }
  body [class*="-ToolbarSectionMain"] {
    flex: 1 1 100%;
    height: calc(2 * ${toolbarRow});
    flex-wrap: wrap;
  }
  body [class*="-ToolbarSubSectionFirst"],
  body [class*="-ToolbarSubSectionLast"] {
    flex: 1 1 100%;
    height: ${toolbarRow};
    justify-content: flex-start;
  }
  body [class*="-ToolbarSectionMeta"],
  body [class*="-ToolbarSectionMain"] [class*="-DeleteButton"] {
    display: none;
  }
  body .SplitPane > .Pane1 {
    width: 100% !important;
  }
  body .SplitPane > .Resizer,
  body .SplitPane > .Pane2,
  body [class*="-EditorToggle"] {
    display: none;
  }
  body [class*="-CardButtonContainer"] {
    display: flex;
    position: static;
    opacity: 1;
  }
  /* A date's box: its Now and Clear go under the date when the row is too narrow for them (at
     390 pixels Clear stood past the box's edge, cut by the screen's). */
  body div:has(> div > [data-testid="clear-button"]) {
    flex-wrap: wrap;
    row-gap: 8px;
  }
}
/* A date's "UTC" beside it (Decap's picker_utc, which keeps the day as picked): the dates here are
   days, and an article goes live at midnight in the boutique's own time zone (docs/publishing.md),
   so the word only misled. Found by Decap's own test ids, not emotion's names. */
body div:has(> div > [data-testid="clear-button"]) > span {
  display: none;
}
/* Workflow's "New Post" offers the collections an entry can be added to: here none (each page is a file). */
/* The picture library's "Delete selected": Decap deletes the file from the published content at
   once, past drafts and review, and every publish of a page that still shows it would then be
   refused until the picture is uploaded again (e2e/cms.spec.ts). */
body [class*="-LibraryTop"] [class*="-DeleteButton"] {
  display: none;
}
body [class*="-WorkflowTopRow"] [class*="-StyledDropdownButton"] {
  display: none;
}
/* Room at the end of the page for the corner's Members' list link (./CmsCorner.tsx), fixed at the
   bottom: the last entry of a list scrolls clear of it (on a phone it sat under the link). The
   editor has its own scrolling panes, and no link. */
body {
  padding-bottom: 80px;
}
/* The Workflow board grows with its cards. Decap makes it a screen high, and the cards beyond ran
   past the page's end, over the room kept above for the Members' list link: at 390 pixels the link
   covered the last card's Publish changes. Its columns keep the height Decap gave them to drop a
   card on. */
body [class*="-WorkflowContainer"] {
  height: auto;
  min-height: 100vh;
}
body [class*="-WorkflowListContainer"] {
  min-height: 60vh;
}
/* A field she reaches with the keyboard wears the site's focus ring, 6.1:1 on the form's white:
   Decap showed only its box's border turning from grey to blue, and round a menu nothing. */
body [class*="-ControlPaneContainer"] :focus-visible {
  ${focusRing}
}
/* A menu (react-select) has a text box a few pixels wide inside: the ring goes round the menu's
   box, whose outline react-select sets to 0 with !important. */
body [class*="-ControlPaneContainer"] input[role="combobox"]:focus-visible {
  outline: none;
}
body [class*="-ControlPaneContainer"] [class*="-control"]:has(input[role="combobox"]:focus-visible) {
  outline: 3px solid ${colors.focus} !important;
  outline-offset: 3px;
}
/* Decap's notices ("Entry saved", a refusal) showed over the top right of the toolbar for the
   seconds each stays (on a phone over its first row, the way back). They show under it instead,
   and beneath its layer (Decap's z-index 300), so the Status and Publish menus open over them;
   left of the preview's two round buttons (40 pixels wide, 10 from the edge), which would cover
   a notice's close button. A notice while the picture library is open is shown over it, as
   before. */
body .notif__container {
  top: calc(${toolbarHeight} + 8px);
  right: 60px;
  z-index: 299;
}
body:has(.ReactModalPortal > *) .notif__container {
  z-index: 100000;
}
@media (max-width: 799px) {
  body .notif__container {
    top: calc(3 * ${toolbarRow} + 8px);
  }
}
`
