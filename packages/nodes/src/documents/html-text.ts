import type { CheerioAPI } from 'cheerio'

// The readable text of an HTML page, as a browser would lay it out: scripts, styles and other
// non-text parts dropped, the page's own line wrapping collapsed to spaces (except in <pre>), and a
// line break after each block (a blank line after paragraphs and headings), so splitters that cut
// at paragraphs and lines keep the page's structure.

const NOT_TEXT = 'script, style, noscript, template, iframe, object, embed, svg, canvas, head'
const PARAGRAPHS =
  'p, h1, h2, h3, h4, h5, h6, pre, blockquote, table, ul, ol, dl, section, article, header, footer, figure'
const LINES = 'div, li, tr, dt, dd, main, nav, aside, form, fieldset, address, caption, hr, figcaption'

/** Drops what is not text, then marks where blocks end, in the loaded document itself. */
function layOut($: CheerioAPI): void {
  $(NOT_TEXT).remove()
  $('*')
    .not('pre, pre *, textarea')
    .contents()
    .each((_, node) => {
      if (node.type === 'text') node.data = node.data.replace(/\s+/g, ' ')
    })
  $('br').replaceWith('\n')
  $('td, th').append(' ')
  $(LINES).append('\n')
  $(PARAGRAPHS).prepend('\n\n').append('\n\n')
}

/** Lines trimmed, runs of spaces made one, at most one blank line in a row. */
function tidy(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t\u00A0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

/**
 * The text of the parts `selector` picks (the body when empty), without the parts `exclude` picks.
 * An invalid selector throws with cheerio's explanation.
 */
export function htmlText($: CheerioAPI, selector = '', exclude = ''): string {
  if (exclude) $(exclude).remove()
  layOut($)
  const picked = selector ? $(selector) : $('body').length ? $('body') : $.root()
  return tidy(
    picked
      .map((_, element) => $(element).text())
      .get()
      .join('\n\n'),
  )
}

/** The inner HTML of the parts `selector` picks (the body when empty), without the parts `exclude` picks. */
export function htmlOf($: CheerioAPI, selector = '', exclude = ''): string {
  if (exclude) $(exclude).remove()
  const picked = selector ? $(selector) : $('body').length ? $('body') : $.root()
  return picked
    .map((_, element) => $(element).html() ?? '')
    .get()
    .join('\n')
    .trim()
}
