import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import toolAgent from '../agents/tool-agent.node.js'
import chatOpenAICustom from '../chat-models/chat-openai-custom.node.js'
import type { DirectTool } from '../runtime/agent-tools.js'
import { answerOf, runNode, testRun } from '../runtime/test-run.js'
import { fileValue } from '../testing/file-value.js'
import { startLoopbackApi, type LoopbackApi } from '../testing/loopback-api.js'
import { startMockOpenAI, type MockOpenAIServer } from '../testing/mock-openai-server.js'
import { testFetch } from '../testing/test-fetch.js'
import openAPIToolkit from './openapi-toolkit.node.js'

// An agent (its model a scripted OpenAI stand-in) calls a stand-in pet store API on loopback through
// the tools the toolkit made from the store's spec.

let mock: MockOpenAIServer
let api: LoopbackApi
beforeAll(async () => {
  mock = await startMockOpenAI()
  api = await startLoopbackApi((request, res) => {
    if (request.method === 'GET' && request.url.startsWith('/v1/pets/rex')) {
      return res.writeHead(200, { 'content-type': 'application/json' }).end('{"name":"Rex","kind":"dog"}')
    }
    if (request.url === '/openapi.yaml') {
      return res.writeHead(200, { 'content-type': 'application/yaml' }).end(specYaml(`${api.url}/v1`))
    }
    if (request.method === 'POST' && request.url === '/v1/pets') {
      return res.writeHead(201, { 'content-type': 'application/json' }).end(request.body)
    }
    res.writeHead(404, 'Not Found').end('no such pet')
  })
})
afterAll(async () => {
  await mock.close()
  await api.close()
})
beforeEach(() => {
  mock.requests.length = 0
  api.requests.length = 0
})

const specYaml = (server: string) => `openapi: 3.0.0
info: { title: Pets, version: '1' }
servers:
  - url: ${server}
paths:
  /pets/{petId}:
    get:
      operationId: getPet
      summary: Finds a pet by its id
      parameters:
        - { name: petId, in: path, required: true, schema: { type: string } }
        - { name: fields, in: query, schema: { type: string } }
  /pets:
    post:
      operationId: addPet
      description: Adds a pet
      requestBody:
        content:
          application/json:
            schema: { $ref: '#/components/schemas/Pet' }
components:
  schemas:
    Pet: { type: object, properties: { name: { type: string } }, required: [name] }
`

const specFile = (server: string) => fileValue('pets.yaml', 'application/x-yaml', specYaml(server))

async function askAgent(inputs: Record<string, unknown>, question: string, allowApi = true) {
  const run = testRun({ question, fetch: allowApi ? testFetch(mock.url, api.url) : testFetch(mock.url) })
  const model = await runNode(chatOpenAICustom, { basePath: mock.baseURL, modelName: 'mock-model' }, run)
  const tools = await runNode(openAPIToolkit, inputs, run)
  return answerOf(await runNode(toolAgent, { model, tools }, run, { isEnding: true }), run)
}

describe('OpenAPI Toolkit', () => {
  it("makes one tool per operation, and the agent's call reaches the API with the headers", async () => {
    mock.script(
      {
        toolCalls: [
          { name: 'getPet', arguments: { PathParameters: { petId: 'rex' }, QueryParameters: { fields: 'kind' } } },
        ],
      },
      { text: 'Rex is a dog.' },
    )
    const answer = await askAgent(
      { openApiFile: specFile(`${api.url}/v1`), headers: '{"X-Key": "k-1"}' },
      'What is rex?',
    )

    const offered = mock.requests[0]!.body!.tools as { function: { name: string; description: string } }[]
    expect(offered.map((tool) => tool.function.name)).toEqual(['getPet', 'addPet'])
    expect(offered[0]!.function.description).toBe('Finds a pet by its id')
    expect(api.requests).toHaveLength(1)
    expect(api.requests[0]).toMatchObject({ method: 'GET', url: '/v1/pets/rex?fields=kind' })
    expect(api.requests[0]!.headers['x-key']).toBe('k-1')
    expect(answer.usedTools?.[0]?.toolOutput).toBe('{"name":"Rex","kind":"dog"}')
    expect(answer.text).toBe('Rex is a dog.')
  })

  it('posts the JSON body, reads a JSON spec from the older YAML File input, and keeps only chosen endpoints', async () => {
    const json = JSON.stringify({
      openapi: '3.0.0',
      servers: [{ url: `${api.url}/v1` }],
      paths: {
        '/pets': { post: { operationId: 'addPet', requestBody: { content: { 'application/json': { schema: {} } } } } },
        '/pets/{id}': { delete: { operationId: 'deletePet' } },
      },
    })
    mock.script({ toolCalls: [{ name: 'addPet', arguments: { RequestBody: { name: 'Tom' } } }] }, { text: 'Added.' })
    const answer = await askAgent(
      { yamlFile: fileValue('pets.json', 'application/json', json), selectedEndpoints: '["addPet"]' },
      'Add Tom',
    )
    expect((mock.requests[0]!.body!.tools as unknown[]).length).toBe(1)
    expect(api.requests[0]).toMatchObject({ method: 'POST', url: '/v1/pets', body: '{"name":"Tom"}' })
    expect(answer.usedTools?.[0]?.toolOutput).toBe('{"name":"Tom"}')
  })

  it('cannot be made to call a private address the spec names, nor one it does not name', async () => {
    // The spec's server is this loopback API, which the administrator did not allow.
    mock.script(
      { toolCalls: [{ name: 'getPet', arguments: { PathParameters: { petId: 'rex' } } }] },
      { text: 'Sorry.' },
    )
    const secret = 'Bearer sk-secret-42'
    const refused = await askAgent(
      { openApiFile: specFile(`${api.url}/v1`), headers: JSON.stringify({ Authorization: secret }) },
      'What is rex?',
      false,
    )
    expect(refused.usedTools?.[0]?.toolOutput).toMatch(/^getPet was not called: .*private, unreachable or refused/)
    expect(JSON.stringify(refused)).not.toContain('sk-secret-42')
    expect(JSON.stringify(mock.requests.map((request) => request.body))).not.toContain('sk-secret-42')
    expect(api.requests).toHaveLength(0)

    // A path argument cannot climb out of the server's path, and a Server not in the spec is refused.
    const run = testRun({ fetch: testFetch(api.url) })
    const [getPet] = (await runNode(openAPIToolkit, { openApiFile: specFile(`${api.url}/v1`) }, run)) as DirectTool[]
    expect(await getPet!.execute({ PathParameters: { petId: '../../../admin' } }, run.scope.signal)).toBe(
      '404 Not Found: no such pet',
    )
    expect(api.requests.map((request) => request.url)).toEqual(['/v1/pets/..%2F..%2F..%2Fadmin'])
    await expect(
      runNode(
        openAPIToolkit,
        { openApiFile: specFile(`${api.url}/v1`), selectedServer: 'http://169.254.169.254' },
        run,
      ),
    ).rejects.toThrow('Server http://169.254.169.254 is not one of the servers the specification lists.')
    expect(api.requests).toHaveLength(1)
  })

  it('tells the agent what the API answered when the call fails, and lists servers and endpoints', async () => {
    const run = testRun({ fetch: testFetch(api.url) })
    const [getPet] = (await runNode(openAPIToolkit, { openApiFile: specFile(`${api.url}/v1`) }, run)) as DirectTool[]
    expect(await getPet!.execute({ PathParameters: { petId: 'tom' } }, run.scope.signal)).toBe(
      '404 Not Found: no such pet',
    )
    const request = { inputs: { openApiFile: specFile(`${api.url}/v1`) }, fetch: run.scope.fetch }
    expect(await openAPIToolkit.loadMethods!.listServers!(request)).toEqual([
      { label: `${api.url}/v1`, name: `${api.url}/v1` },
    ])
    expect((await openAPIToolkit.loadMethods!.listEndpoints!(request)).map((option) => option.name)).toEqual([
      'addPet',
      'getPet',
    ])
  })

  it('reads the spec from a link through the outbound guard, which refuses an address not allowed', async () => {
    const link = { inputType: 'link', openApiLink: `${api.url}/openapi.yaml` }
    const tools = (await runNode(openAPIToolkit, link, testRun({ fetch: testFetch(api.url) }))) as DirectTool[]
    expect(tools.map((tool) => tool.name)).toEqual(['getPet', 'addPet'])
    api.requests.length = 0
    await expect(runNode(openAPIToolkit, link, testRun())).rejects.toThrow('private, unreachable or refused')
    expect(api.requests).toHaveLength(0)
  })

  it('names what is wrong with the spec', async () => {
    const run = testRun()
    await expect(runNode(openAPIToolkit, {}, run)).rejects.toThrow('Choose a file in OpenAPI File.')
    const noPaths = fileValue('x.yaml', 'text/yaml', 'title: nothing')
    await expect(runNode(openAPIToolkit, { openApiFile: noPaths }, run)).rejects.toThrow(
      'is not an OpenAPI specification',
    )
    await expect(runNode(openAPIToolkit, { openApiFile: specFile('/relative') }, run)).rejects.toThrow(
      'the server address /relative must be a full http or https address',
    )
  })
})
