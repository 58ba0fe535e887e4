import { isIP } from 'node:net'
import type { OutboundFetch } from '../net/outbound-guard.js'
import { chooseTcpAddress } from '../net/outbound-tcp.js'
import { readString } from '../providers/node-inputs.js'

/** Where a Redis server is and who to sign in as, from a redisCacheApi or redisCacheUrlApi credential. */
export interface RedisTarget {
  host: string
  port: number
  username?: string
  password?: string
  database?: number
  tls: boolean
}

/** The commands the memories use, so a test or a caller does not depend on node-redis's generic types. */
export interface RedisCommands {
  lPush(key: string, values: string[]): Promise<number>
  lRange(key: string, start: number, stop: number): Promise<string[]>
  expire(key: string, seconds: number): Promise<number>
}

const CONNECT_TIMEOUT_MS = 10_000

/**
 * The target a credential names: its Redis URL (redisCacheUrlApi) or its host, port, user and
 * password (redisCacheApi); none means Redis on this machine, as Flowise does, which the outbound
 * guard then allows only when the administrator did. Errors never quote the URL: it may hold the password.
 */
export function redisTargetOf(credential: Record<string, string> | undefined, label: string): RedisTarget {
  const url = readString(credential?.redisUrl)
  if (url) {
    let parsed: URL
    try {
      parsed = new URL(url)
    } catch {
      throw new Error(`${label}: the Redis URL of the credential is not a URL such as redis://host:6379.`)
    }
    if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:')
      throw new Error(`${label}: the Redis URL of the credential must start with redis:// or rediss://.`)
    const database = parsed.pathname.length > 1 ? Number(parsed.pathname.slice(1)) : undefined
    return {
      host: parsed.hostname.replace(/^\[(.*)\]$/, '$1') || '127.0.0.1',
      port: Number(parsed.port) || 6379,
      ...(parsed.username ? { username: decodeURIComponent(parsed.username) } : {}),
      ...(parsed.password ? { password: decodeURIComponent(parsed.password) } : {}),
      ...(database !== undefined && Number.isInteger(database) ? { database } : {}),
      tls: parsed.protocol === 'rediss:',
    }
  }
  const username = readString(credential?.redisCacheUser)
  const password = readString(credential?.redisCachePwd)
  return {
    host: readString(credential?.redisCacheHost) ?? '127.0.0.1',
    port: Number(readString(credential?.redisCachePort)) || 6379,
    ...(username ? { username } : {}),
    ...(password ? { password } : {}),
    tls: credential?.redisCacheSslEnabled === 'true',
  }
}

/**
 * Connects to the target at the address the outbound guard chose for it (never resolving the name
 * again), runs `use`, and closes the connection. One connection per use: a memory reads once and
 * writes once per question.
 */
export async function withRedis<T>(
  target: RedisTarget,
  fetch: OutboundFetch,
  label: string,
  use: (client: RedisCommands) => Promise<T>,
): Promise<T> {
  const address = await chooseTcpAddress(fetch, target.host, target.port)
  const socket = {
    host: address,
    port: target.port,
    connectTimeout: CONNECT_TIMEOUT_MS,
    reconnectStrategy: false as const,
  }
  // node-redis loads with the first run that reaches Redis, not when the server starts.
  const { createClient } = await import('redis')
  const client = createClient({
    socket: target.tls ? { ...socket, tls: true, ...(isIP(target.host) ? {} : { servername: target.host }) } : socket,
    ...(target.username ? { username: target.username } : {}),
    ...(target.password ? { password: target.password } : {}),
    ...(target.database !== undefined ? { database: target.database } : {}),
  })
  // Failures reach the awaiting command; without a listener node-redis would throw them at the process.
  client.on('error', () => {})
  try {
    await client.connect()
    return await use(client as unknown as RedisCommands)
  } catch (error) {
    throw new Error(`${label}: Redis at ${target.host}:${target.port} failed: ${(error as Error).message}`, {
      cause: error,
    })
  } finally {
    if (client.isOpen) client.destroy()
  }
}
