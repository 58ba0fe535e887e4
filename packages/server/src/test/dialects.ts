/** SQLite always; PostgreSQL too when TEST_DATABASE_URL names one. */
export interface TestDialect {
  name: 'sqlite' | 'postgres'
  url?: string
}

export function testDialects(): TestDialect[] {
  const url = process.env.TEST_DATABASE_URL
  return [{ name: 'sqlite' }, ...(url ? [{ name: 'postgres' as const, url }] : [])]
}
