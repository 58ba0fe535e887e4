import type * as cheerio from 'cheerio'

/**
 * cheerio, imported when a node first reads HTML rather than with the catalogue: it and its
 * parsers are about a fifth of a second and 25 MB that a server whose flows read no page never needs.
 */
let loading: Promise<typeof cheerio> | undefined
export const loadCheerio = (): Promise<typeof cheerio> => (loading ??= import('cheerio'))
