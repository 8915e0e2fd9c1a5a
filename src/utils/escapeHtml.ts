/** A text to write into HTML, as an element's text or a quoted attribute's value. */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (character) => `&#${character.charCodeAt(0)};`)
