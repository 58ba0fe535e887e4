import { describe, expect, it } from 'vitest'
import {
  dereferenceSpec,
  isUnderServer,
  openApiCallUrl,
  openApiOperations,
  openApiServers,
} from './openapi-operations.js'

const spec = {
  openapi: '3.0.0',
  servers: [{ url: 'https://api.example.com/v1' }, { url: 'https://eu.example.com/v1' }],
  components: {
    schemas: { Pet: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } },
    parameters: { PetId: { name: 'petId', in: 'path', required: true, schema: { type: 'string' } } },
  },
  paths: {
    '/pets': {
      get: {
        operationId: 'listPets',
        summary: 'Lists pets',
        parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer' }, description: 'How many' }],
      },
      post: {
        operationId: 'addPet',
        description: 'Adds a pet',
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } },
      },
    },
    '/pets/{petId}': {
      parameters: [{ $ref: '#/components/parameters/PetId' }],
      get: { operationId: 'getPet' },
      options: { operationId: 'ignored' },
    },
    '/health': { get: { summary: 'no id, no tool' } },
  },
}

describe('openApiOperations', () => {
  const operations = openApiOperations(dereferenceSpec(spec))

  it('makes one tool per operation with an operationId, under the API methods', () => {
    expect(operations.map((op) => `${op.method} ${op.name}`)).toEqual(['get listPets', 'post addPet', 'get getPet'])
    expect(operations.map((op) => op.description)).toEqual(['Lists pets', 'Adds a pet', 'getPet'])
  })

  it('describes path, query and body arguments, with references resolved', () => {
    const [list, add, get] = operations
    expect(list!.inputSchema).toEqual({
      type: 'object',
      properties: {
        QueryParameters: { type: 'object', properties: { limit: { type: 'integer', description: 'How many' } } },
      },
      required: [],
    })
    expect(add!.inputSchema).toMatchObject({
      properties: { RequestBody: spec.components.schemas.Pet },
      required: ['RequestBody'],
    })
    expect(get!.pathParams).toEqual(['petId'])
    expect(get!.inputSchema).toMatchObject({ required: ['PathParameters'] })
  })

  it('gives an operation without arguments a free input', () => {
    const [op] = openApiOperations({ paths: { '/ping': { get: { operationId: 'ping' } } } })
    expect(op!.inputSchema).toEqual({
      type: 'object',
      properties: { input: { type: 'string', description: 'Query input' } },
    })
  })

  it('stops a reference loop instead of recursing forever', () => {
    const looped = { components: { schemas: { A: { properties: { a: { $ref: '#/components/schemas/A' } } } } } }
    expect(dereferenceSpec(looped)).toEqual({
      components: { schemas: { A: { properties: { a: { properties: { a: {} } } } } } },
    })
  })

  it('lists the servers', () => {
    expect(openApiServers(spec)).toEqual(['https://api.example.com/v1', 'https://eu.example.com/v1'])
    expect(openApiServers({})).toEqual([])
  })
})

describe('openApiCallUrl and isUnderServer', () => {
  const [list, , get] = openApiOperations(dereferenceSpec(spec))
  const server = 'https://api.example.com/v1'

  it('fills path parameters encoded and adds the query', () => {
    expect(openApiCallUrl(server, get!, { PathParameters: { petId: 'a b/c' } }).href).toBe(
      'https://api.example.com/v1/pets/a%20b%2Fc',
    )
    expect(openApiCallUrl(server, list!, { QueryParameters: { limit: 3 } }).href).toBe(
      'https://api.example.com/v1/pets?limit=3',
    )
    expect(() => openApiCallUrl(server, get!, {})).toThrow('getPet needs the path parameter "petId".')
  })

  it('accepts only addresses under the server', () => {
    expect(isUnderServer(new URL('https://api.example.com/v1/pets'), server)).toBe(true)
    expect(isUnderServer(new URL('https://api.example.com/v2/pets'), server)).toBe(false)
    expect(isUnderServer(new URL('https://api.example.com/v10'), server)).toBe(false)
    expect(isUnderServer(new URL('http://api.example.com/v1/pets'), server)).toBe(false)
    expect(isUnderServer(openApiCallUrl(server, get!, { PathParameters: { petId: '..' } }), server)).toBe(true)
    expect(isUnderServer(new URL('https://api.example.com/'), server)).toBe(false)
  })
})
