import type { InputOption, NodeDescriptor } from '@weft/core'
import type { LoadMethod, NodeDefinition } from '../define-node.js'
import calculator from '../tools/calculator.node.js'
import customTool from '../tools/custom-tool.node.js'
import customMCP from '../tools/mcp/custom-mcp.node.js'
import slackMCP from '../tools/mcp/slack/slack-mcp.node.js'
import currentDateTime from '../tools/current-date-time.node.js'
import requestsDelete from '../tools/requests-delete.node.js'
import requestsPut from '../tools/requests-put.node.js'
import requestsGet from '../tools/requests-get.node.js'
import requestsPost from '../tools/requests-post.node.js'
import braveSearchAPI from '../tools/search/brave-search-api.node.js'
import googleCustomSearch from '../tools/search/google-custom-search.node.js'
import searXNG from '../tools/search/searxng.node.js'
import serpAPI from '../tools/search/serp-api.node.js'
import serper from '../tools/search/serper.node.js'
import tavilyAPI from '../tools/search/tavily-api.node.js'
import webBrowser from '../tools/web-browser.node.js'
import webScraperTool from '../tools/web-scraper/web-scraper-tool.node.js'
import readFile from '../tools/read-file.node.js'
import writeFile from '../tools/write-file.node.js'

// Agentflow steps pick a chat model or a tool by its catalogue node.

const optionOf = ({ label, name, description }: NodeDescriptor): InputOption => ({ label, name, description })

const listDefinitions =
  (definitions: readonly NodeDefinition[]): LoadMethod =>
  async () =>
    definitions.map((definition) => optionOf(definition.descriptor))

/**
 * Every chat model node of the catalogue, in its order (the built-in responder first, so a new step
 * works before any key is set up). The catalogue is imported when asked: it holds the steps that
 * offer this list.
 */
export const listChatModels: LoadMethod = async () => {
  const { nodes } = await import('../catalogue.js')
  return nodes.filter((node) => node.descriptor.category === 'Chat Models').map((node) => optionOf(node.descriptor))
}

/** The Retriever Tool is left out: it needs a connected retriever, and the Retriever step does its job. */
export const listTools = listDefinitions([
  calculator,
  currentDateTime,
  customTool,
  customMCP,
  slackMCP,
  requestsGet,
  requestsPost,
  requestsPut,
  requestsDelete,
  serpAPI,
  serper,
  googleCustomSearch,
  braveSearchAPI,
  tavilyAPI,
  searXNG,
  webBrowser,
  webScraperTool,
  readFile,
  writeFile,
])
