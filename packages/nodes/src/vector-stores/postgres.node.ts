import { defineNode, notRunnableYet } from '../define-node.js'
import { searchParams, storeInputs, storeOutputs } from './store-params.js'

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
        label: 'Table Name',
        name: 'tableName',
        type: 'string',
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
      ...searchParams,
    ],
    outputs: storeOutputs('Postgres'),
  },
  run: notRunnableYet,
})
