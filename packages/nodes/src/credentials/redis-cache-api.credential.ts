import type { CredentialDescriptor } from '@weft/core'

export const redisCacheApi: CredentialDescriptor = {
  label: 'Redis Cache API',
  name: 'redisCacheApi',
  description: 'Where a Redis server is and who to sign in as.',
  inputs: [
    { label: 'Redis Host', name: 'redisCacheHost', type: 'string', default: '127.0.0.1' },
    { label: 'Port', name: 'redisCachePort', type: 'number', default: '6379' },
    { label: 'User', name: 'redisCacheUser', type: 'string', placeholder: '<REDIS_USERNAME>', optional: true },
    { label: 'Password', name: 'redisCachePwd', type: 'password', placeholder: '<REDIS_PASSWORD>', optional: true },
    { label: 'Use SSL', name: 'redisCacheSslEnabled', type: 'boolean', optional: true },
  ],
}

export const redisCacheUrlApi: CredentialDescriptor = {
  label: 'Redis URL',
  name: 'redisCacheUrlApi',
  // A password field: the URL may hold the password (redis://user:password@host:6379).
  description: 'A Redis URL, e.g. redis://user:password@host:6379; kept as a secret since it may hold the password.',
  inputs: [{ label: 'Redis URL', name: 'redisUrl', type: 'password', default: 'redis://localhost:6379' }],
}
