import { isIP } from 'node:net'
import type pg from 'pg'
import { defineNode, type NodeRunContext } from '../define-node.js'
import { chooseTcpAddress } from '../net/outbound-tcp.js'
import { readBoolean, readNumber, readString } from '../providers/node-inputs.js'
import { isRecord, readJsonObject } from '../runtime/read-input.js'
import { runCollectionStore } from './collection-store.js'
import { openPgvectorCollection } from './pgvector-collection.js'
import { searchParams, storeInputs, storeOutputs } from './store-params.js'

/** Connection options Additional Configuration may set; where to connect and as whom come from the inputs. */
const ADDITIONAL_OPTIONS = [
  'ssl',
  'max',
  'connectionTimeoutMillis',
  'idleTimeoutMillis',
  'statement_timeout',
  'query_timeout',
  'application_name',
  'options',
  'keepAlive',
]

function readAdditionalConfig(raw: unknown): Partial<pg.PoolConfig> {
  const config = readJsonObject(raw, 'Additional Configuration')
  const refused = Object.keys(config).filter((key) => !ADDITIONAL_OPTIONS.includes(key))
  if (refused.length) {
    throw new Error(
      `Additional Configuration cannot set ${refused.join(', ')}: it takes ${ADDITIONAL_OPTIONS.join(', ')}; ` +
        'the host, port and database come from their inputs, the user and password from the credential.',
    )
  }
  return config
}

/**
 * Where and how to connect: the host checked by the outbound guard's rule (private addresses only
 * when the administrator allowed them) and connected to by the address it was checked at, so the
 * name is not resolved again; TLS still checks the certificate against the name. The user and
 * password are the credential's only, never the server's own PG* environment.
 */
async function connectionOf({ inputs, credential, scope, label }: NodeRunContext): Promise<pg.PoolConfig> {
  const host = readString(inputs.host)
  const database = readString(inputs.database)
  if (!host) throw new Error(`${label}: fill in Host.`)
  if (!database) throw new Error(`${label}: fill in Database.`)
  const port = readNumber(inputs.port) ?? 5432
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new Error(`${label}: Port must be a whole number from 1 to 65535.`)
  const user = credential?.user
  if (!user) throw new Error(`${label}: connect a Postgres API credential with the database user and password.`)
  const password = credential?.password ?? ''
  const additional = readAdditionalConfig(inputs.additionalConfig)
  const address = await chooseTcpAddress(scope.fetch, host, port)
  const name = host.replace(/^\[(.*)\]$/, '$1')
  const ssl = additional.ssl ?? (readBoolean(inputs.ssl, false) || undefined)
  const servername = isIP(name) === 0 ? { servername: name } : {}
  return {
    ...additional,
    ...(ssl ? { ssl: { ...(isRecord(ssl) ? ssl : {}), ...servername } } : {}),
    host: address,
    port,
    database,
    user,
    password: () => password,
  }
}

/** Opens the table the node's inputs name, for vectors of `dimensions` numbers. */
async function openTable(context: NodeRunContext, dimensions: number) {
  const tableName = readString(context.inputs.tableName) ?? 'documents'
  return openPgvectorCollection({ connection: await connectionOf(context), tableName, dimensions })
}

export default defineNode({
  descriptor: {
    label: 'Postgres',
    name: 'postgres',
    version: 1,
    type: 'Postgres',
    category: 'Vector Stores',
    description: 'Store and search document vectors in PostgreSQL with the pgvector extension.',
    icon: 'postgres.svg',
    color: '#3253AE',
    baseClasses: ['Postgres', 'VectorStoreRetriever', 'BaseRetriever'],
    credential: { label: 'Connect Credential', credentialNames: ['PostgresApi'] },
    canvases: ['chatflow', 'sequential'],
    inputs: [
      ...storeInputs,
      { label: 'Host', name: 'host', type: 'string', placeholder: 'localhost' },
      { label: 'Database', name: 'database', type: 'string', placeholder: 'postgres' },
      { label: 'Port', name: 'port', type: 'number', step: 1, default: 5432, optional: true, additionalParams: true },
      {
        label: 'SSL',
        name: 'ssl',
        type: 'boolean',
        description: 'Connect with TLS, checking the server certificate against the host name.',
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Table Name',
        name: 'tableName',
        type: 'string',
        description: 'Letters, digits and underscores; made with an HNSW index when it does not exist.',
        default: 'documents',
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Additional Configuration',
        name: 'additionalConfig',
        type: 'json',
        description: 'Extra connection options, e.g. { "ssl": true }.',
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Metadata Filter',
        name: 'pgMetadataFilter',
        type: 'json',
        description: 'Search only chunks whose metadata has these values, e.g. { "source": "handbook.pdf" }.',
        optional: true,
        additionalParams: true,
      },
      ...searchParams,
    ],
    outputs: storeOutputs('Postgres'),
  },
  openCollection: openTable,
  run: (context) => runCollectionStore(context, (dimensions) => openTable(context, dimensions), 'pgMetadataFilter'),
})
