import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import pg from 'pg'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import chatOpenAICustom from '../chat-models/chat-openai-custom.node.js'
import { answerOf, runNode, testRun } from '../runtime/test-run.js'
import { startMockOpenAI, type MockOpenAIServer } from '../testing/mock-openai-server.js'
import { testFetch } from '../testing/test-fetch.js'
import sqlDatabaseChain from './sql-database-chain.node.js'

let mock: MockOpenAIServer
let home: string
let file: string
beforeAll(async () => {
  mock = await startMockOpenAI()
  home = mkdtempSync(join(tmpdir(), 'weft-sql-chain-'))
  mkdirSync(join(home, 'databases', 'ws-1'), { recursive: true })
  mkdirSync(join(home, 'vectors', 'ws-1'), { recursive: true })
  writeFileSync(join(home, 'secret.sqlite'), '')
  file = join(home, 'databases', 'ws-1', 'shop.sqlite')
  const db = new Database(file)
  db.exec('CREATE TABLE products (name TEXT, price REAL)')
  const insert = db.prepare('INSERT INTO products VALUES (?, ?)')
  for (let i = 1; i <= 30; i++) insert.run(`item ${i}`, i)
  db.close()
})
afterAll(async () => {
  await mock.close()
  rmSync(home, { recursive: true, force: true })
})
beforeEach(() => {
  mock.requests.length = 0
})

const messagesOf = (index: number) => mock.requests[index]?.body?.messages as { role: string; content: string }[]
const countProducts = () => {
  const db = new Database(file, { readonly: true })
  const { n } = db.prepare('SELECT count(*) AS n FROM products').get() as { n: number }
  db.close()
  return n
}

async function ask(inputs: Record<string, unknown>, question: string, allowed: string[] = []) {
  const run = testRun({ question, fetch: testFetch(mock.url, ...allowed), vectorFolder: join(home, 'vectors', 'ws-1') })
  const model = await runNode(chatOpenAICustom, { basePath: mock.baseURL, modelName: 'mock-model' }, run)
  const chain = await runNode(sqlDatabaseChain, { model, ...inputs }, run, { isEnding: true })
  return { run, answer: () => answerOf(chain, run) }
}

describe('Sql Database Chain on SQLite', () => {
  it('shows the model the tables, runs its SELECT with a row limit, and streams the answer from the rows', async () => {
    mock.script(
      { text: '```sql\nSELECT name, price FROM products WHERE price > 20 ORDER BY price;\n```' },
      { text: 'Ten products cost more than 20.' },
    )
    const { run, answer } = await ask(
      { database: 'sqlite', url: 'shop.sqlite', topK: 5 },
      'Which products cost more than 20?',
    )
    const result = await answer()

    const prompt = messagesOf(0)[0]!.content
    expect(prompt).toContain('SQLite SELECT')
    expect(prompt).toContain('Table "products" (\n  name TEXT,\n  price REAL\n)')
    expect(prompt).toContain('{"name":"item 1","price":1}')
    expect(prompt).toContain('Question: Which products cost more than 20?')
    const system = messagesOf(1)[0]!.content
    expect(system).toContain('{"name":"item 21","price":21}')
    expect(system).toContain('{"name":"item 25","price":25}')
    expect(system).not.toContain('item 26')
    expect(result.text).toBe('Ten products cost more than 20.')
    expect(run.streamed()).toBe(result.text)
  })

  it('refuses a DROP or an UPDATE the model writes, and the data stays as it was', async () => {
    mock.script({ text: 'DROP TABLE products' }, { text: 'UPDATE products SET price = 0; SELECT 1' })
    const first = await ask({ database: 'sqlite', url: 'shop.sqlite' }, 'Clear the shop')
    await expect(first.answer()).rejects.toThrow(
      'SQL Database Chain did not run the query the model wrote: Only a SELECT may run; the query starts with DROP.',
    )
    const second = await ask({ database: 'sqlite', url: 'shop.sqlite' }, 'Make it free')
    await expect(second.answer()).rejects.toThrow('Only one statement may run')
    expect(countProducts()).toBe(30)
    expect(mock.requests).toHaveLength(2)
  })

  it('opens only files inside the workspace database folder', async () => {
    for (const url of ['../../secret.sqlite', join(home, 'secret.sqlite'), '/etc/hosts']) {
      const { answer } = await ask({ database: 'sqlite', url }, 'Anything?')
      await expect(answer()).rejects.toThrow("The SQLite file must be inside the workspace's database folder")
    }
    expect(mock.requests).toHaveLength(0)
  })

  it('names tables Include Tables asks for that do not exist', async () => {
    const { answer } = await ask({ database: 'sqlite', url: 'shop.sqlite', includesTables: 'products, orders' }, 'Hi')
    await expect(answer()).rejects.toThrow('Include Tables names tables the database does not have: orders.')
  })
})

const databaseUrl = process.env.TEST_DATABASE_URL

describe.skipIf(!databaseUrl)('Sql Database Chain on PostgreSQL', () => {
  const table = `weft_sql_chain_${process.pid}`
  let admin: pg.Client
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: databaseUrl })
    await admin.connect()
    await admin.query(`CREATE TABLE ${table} (city text, people integer)`)
    await admin.query(`INSERT INTO ${table} VALUES ('Oslo', 700000), ('Bergen', 290000), ('Tromsø', 77000)`)
  })
  afterAll(async () => {
    await admin.query(`DROP TABLE IF EXISTS ${table}`)
    await admin.end()
  })
  const serverUrl = () => `postgres://${new URL(databaseUrl!).host}`

  it('runs the SELECT the model wrote in a read-only transaction and answers from its rows', async () => {
    mock.script({ text: `SELECT city FROM ${table} WHERE people > 100000 ORDER BY city` }, { text: 'Bergen and Oslo.' })
    const { answer } = await ask(
      { database: 'postgres', url: databaseUrl, includesTables: table },
      'Which cities have more than 100000 people?',
      [serverUrl()],
    )
    const result = await answer()
    expect(messagesOf(0)[0]!.content).toContain(`Table "${table}" (\n  city text,\n  people integer\n)`)
    expect(messagesOf(1)[0]!.content).toContain('{"city":"Bergen"}\n{"city":"Oslo"}')
    expect(result.text).toBe('Bergen and Oslo.')
  })

  it('refuses a DROP and an UPDATE, and the table keeps its rows', async () => {
    mock.script({ text: `DROP TABLE ${table}` }, { text: `UPDATE ${table} SET people = 0` })
    for (const question of ['Drop it', 'Empty it']) {
      const { answer } = await ask({ database: 'postgres', url: databaseUrl, includesTables: table }, question, [
        serverUrl(),
      ])
      await expect(answer()).rejects.toThrow('Only a SELECT may run')
    }
    const { rows } = await admin.query<{ people: number }>(`SELECT people FROM ${table} ORDER BY people`)
    expect(rows.map((row) => row.people)).toEqual([77000, 290000, 700000])
  })

  it('connects to a private host only when the outbound guard allows it', async () => {
    const { answer } = await ask({ database: 'postgres', url: databaseUrl }, 'Hi')
    await expect(answer()).rejects.toThrow('the address is private, unreachable or refused the connection')
    expect(mock.requests).toHaveLength(0)
  })
})
