import { isIP } from 'node:net'
import { defineNode, type NodeRunContext } from '../define-node.js'
import { readDocuments } from '../documents/document.js'
import { redisTargetOf } from '../memory/redis-connection.js'
import { chooseTcpAddress } from '../net/outbound-tcp.js'
import { readBoolean, readString } from '../providers/node-inputs.js'
import { runCollectionStore } from './collection-store.js'
import { openRedisCollection, type RedisConnection } from './redis-collection.js'
import { asStoreError } from './store-errors.js'
import { storeInputs, storeOutputs, topKParam } from './store-params.js'

/**
 * Connects to the credential's server at the address the outbound guard's rule allows (private
 * addresses only when the administrator allowed them), never resolving the name again; TLS still
 * checks the certificate against the name.
 */
async function connect({ credential, scope, label }: NodeRunContext): Promise<RedisConnection> {
  const target = redisTargetOf(credential, label)
  if (!Number.isInteger(target.port) || target.port < 1 || target.port > 65535) {
    throw new Error(`${label}: the Redis port must be a whole number from 1 to 65535.`)
  }
  const secrets = [target.password, credential?.redisUrl]
  const address = await chooseTcpAddress(scope.fetch, target.host, target.port)
  // node-redis loads with the first run that reaches a Redis store, not when the server starts.
  const { createClient, RESP_TYPES } = await import('redis')
  const client = createClient({
    RESP: 2,
    socket: {
      host: address,
      port: target.port,
      connectTimeout: 10_000,
      reconnectStrategy: false,
      ...(target.tls ? { tls: true as const, ...(isIP(target.host) ? {} : { servername: target.host }) } : {}),
    },
    ...(target.username ? { username: target.username } : {}),
    ...(target.password ? { password: target.password } : {}),
    ...(target.database !== undefined ? { database: target.database } : {}),
  })
  client.on('error', () => undefined) // failures reach the command that met them
  await asStoreError(label, secrets, () => client.connect())
  const bytes = { typeMapping: { [RESP_TYPES.BLOB_STRING]: Buffer } }
  return {
    send: (args) => asStoreError(label, secrets, () => client.sendCommand(args, bytes)),
    transaction: async (commands) => {
      const multi = client.multi()
      for (const command of commands) multi.addCommand(command)
      await asStoreError(label, secrets, () => multi.exec())
    },
    close: async () => {
      if (client.isOpen) await client.close()
    },
  }
}

/** Opens the index the node's inputs name, for vectors of `dimensions` numbers. */
async function openCollection(context: NodeRunContext, dimensions: number) {
  const { inputs, label } = context
  const indexName = readString(inputs.indexName)
  if (!indexName) throw new Error(`${label}: fill in Index Name.`)
  const connection = await connect(context)
  try {
    return await openRedisCollection({
      connection,
      dimensions,
      indexName,
      contentKey: readString(inputs.contentKey) ?? 'content',
      metadataKey: readString(inputs.metadataKey) ?? 'metadata',
      vectorKey: readString(inputs.vectorKey) ?? 'content_vector',
    })
  } catch (error) {
    await connection.close()
    throw error
  }
}

const field = (label: string, name: string, what: string, value: string) => ({
  label,
  name,
  type: 'string' as const,
  description: `Name of the hash field that holds ${what}.`,
  default: value,
  optional: true,
  additionalParams: true,
})

export default defineNode({
  descriptor: {
    label: 'Redis',
    name: 'redis',
    version: 1,
    type: 'Redis',
    category: 'Vector Stores',
    description:
      'Store and search document vectors in Redis: with RediSearch (Redis Stack, Redis 8) through its vector index, ' +
      'on plain Redis by an exact search over the index’s records (up to 50,000).',
    icon: 'redis.svg',
    color: '#DC382D',
    baseClasses: ['Redis', 'VectorStoreRetriever', 'BaseRetriever'],
    credential: { label: 'Connect Credential', credentialNames: ['redisCacheUrlApi', 'redisCacheApi'] },
    canvases: ['chatflow', 'sequential'],
    inputs: [
      ...storeInputs,
      { label: 'Index Name', name: 'indexName', type: 'string', placeholder: '<VECTOR_INDEX_NAME>' },
      {
        label: 'Replace Index on Upsert',
        name: 'replaceIndex',
        type: 'boolean',
        description: 'Delete what the index holds before adding the connected documents.',
        default: false,
        optional: true,
      },
      field('Content Field', 'contentKey', 'the text', 'content'),
      field('Metadata Field', 'metadataKey', 'the metadata', 'metadata'),
      field('Vector Field', 'vectorKey', 'the vector', 'content_vector'),
      topKParam,
    ],
    outputs: storeOutputs('Redis'),
  },
  openCollection,
  run: (context) => {
    // Replace Index: the first opening of this run, which writes the connected documents, empties it first.
    let replaced = !(
      readBoolean(context.inputs.replaceIndex, false) && readDocuments(context.inputs.document).length > 0
    )
    return runCollectionStore(context, async (dimensions) => {
      const collection = await openCollection(context, dimensions)
      if (!replaced) {
        replaced = true
        await collection.clear().catch(async (error: unknown) => {
          await collection.close()
          throw error
        })
      }
      return collection
    })
  },
})
