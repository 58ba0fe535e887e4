import type { CredentialDescriptor } from '@weft/core'

export const postgresApi: CredentialDescriptor = {
  label: 'Postgres API',
  name: 'PostgresApi',
  description: 'The user and password of a PostgreSQL database.',
  inputs: [
    { label: 'User', name: 'user', type: 'string', placeholder: '<POSTGRES_USERNAME>' },
    { label: 'Password', name: 'password', type: 'password', placeholder: '<POSTGRES_PASSWORD>' },
  ],
}
