import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { nodes } from './catalogue.js'
import { FLOWISE_NODES_WEFT_LACKS } from './flowise-missing.js'
import { FLOWISE_3_1_4_NODE_NAMES } from './flowise-node-names.js'

// Flowise 3.1.4's nodes against the catalogue: each one Weft offers under the same name, or says
// why not, so a Flowise export never meets a node nobody accounted for.

const catalogue = new Set(nodes.map((node) => node.descriptor.name))
const flowise = new Set(FLOWISE_3_1_4_NODE_NAMES)
const lacking = Object.keys(FLOWISE_NODES_WEFT_LACKS)

describe("Flowise 3.1.4's nodes", () => {
  it('are all in the catalogue or in the list of nodes Weft lacks, with a reason', () => {
    const unaccounted = FLOWISE_3_1_4_NODE_NAMES.filter(
      (name) => !catalogue.has(name) && !(name in FLOWISE_NODES_WEFT_LACKS),
    )
    expect(unaccounted).toEqual([])
    for (const name of lacking) expect(FLOWISE_NODES_WEFT_LACKS[name], name).toMatch(/^[A-Z].{20,}[^.]$/)
  })

  it('lists as lacking only Flowise nodes the catalogue does not have', () => {
    expect(
      lacking.filter((name) => catalogue.has(name)),
      'in the catalogue now: take them off the list',
    ).toEqual([])
    expect(
      lacking.filter((name) => !flowise.has(name)),
      'not a Flowise 3.1.4 node',
    ).toEqual([])
  })

  it('come from a list of unique names that holds the nodes Flowise templates use', () => {
    expect(flowise.size).toBe(FLOWISE_3_1_4_NODE_NAMES.length)
    for (const name of [
      'documentStore',
      'serper',
      'chatAnthropic_LlamaIndex',
      'webScraperTool',
      'slackMCP',
      'chatOpenAI',
    ])
      expect(catalogue.has(name) && flowise.has(name), name).toBe(true)
  })

  it("are each named in the README's list, with their reason", () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8')
    const section = readme.split('### Flowise nodes Weft does not offer')[1]?.split('\n## ')[0] ?? ''
    const flat = section.replace(/\s+/g, ' ')
    for (const name of lacking) {
      expect(flat, name).toContain(`\`${name}\``)
      const reason = FLOWISE_NODES_WEFT_LACKS[name]!
      expect(flat, `${name}'s reason`).toContain(reason.charAt(0).toLowerCase() + reason.slice(1))
    }
  })
})
