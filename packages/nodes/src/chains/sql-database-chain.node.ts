import { checkReadOnlySelect } from '@weft/core'
import { defineNode, type Answerer, type RunScope } from '../define-node.js'
import { inputModerationParam, moderated } from '../moderation/moderation.js'
import { chat } from '../providers/chat-model.js'
import { readNumber, readString } from '../providers/node-inputs.js'
import { answerWithModel, requireChatModel } from '../runtime/answer.js'
import { fillPrompts } from '../runtime/prompt.js'
import { readText } from '../runtime/read-input.js'
import { openPostgres, openSqlite, sampleRows, type SqlDatabase } from './sql-database.js'

/** Most rows a query may return, whatever Top K says: the rows go into the next prompt. */
const MOST_ROWS = 100

export const DEFAULT_SQL_PROMPT = [
  'Write one {dialect} SELECT query that answers the question below, reading at most {top_k} rows.',
  'Use only the tables and columns described here; quote names with double quotes when needed.',
  'Answer with the query only, without explanation.',
  '',
  '{table_info}',
  '',
  'Question: {input}',
].join('\n')

const list = (raw: unknown) =>
  readText(raw)
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean)

/** The query in a model's answer: the text of a ```sql block or after `SQLQuery:`, without what follows. */
export function queryOfAnswer(text: string): string {
  const fenced = /```(?:sql)?\s*([\s\S]*?)```/i.exec(text)
  let query = fenced ? fenced[1]! : text
  query = query.replace(/^[\s\S]*?SQLQuery:/i, '').replace(/SQLResult:[\s\S]*$/i, '')
  return query.trim()
}

async function describeTables(db: SqlDatabase, inputs: Record<string, unknown>): Promise<string> {
  const all = await db.tables()
  const include = list(inputs.includesTables)
  const ignore = new Set(list(inputs.ignoreTables))
  const unknown = include.filter((name) => !all.includes(name))
  if (unknown.length) throw new Error(`Include Tables names tables the database does not have: ${unknown.join(', ')}.`)
  const tables = (include.length ? include : all).filter((name) => !ignore.has(name))
  if (!tables.length) throw new Error('The database has no tables to query (after Include and Ignore Tables).')
  const samples = Math.min(Math.max(Math.floor(readNumber(inputs.sampleRowsInTableInfo) ?? 3), 0), 10)
  const parts: string[] = []
  for (const table of tables) {
    const columns = (await db.columns(table)).map((column) => `  ${column.name} ${column.type}`).join(',\n')
    let text = `Table "${table}" (\n${columns}\n)`
    const rows = await sampleRows(db, table, samples)
    if (rows.length) text += `\n${rows.length} sample rows:\n${rows.map((row) => JSON.stringify(row)).join('\n')}`
    parts.push(text)
  }
  return parts.join('\n\n')
}

function openDatabase(inputs: Record<string, unknown>, scope: RunScope): Promise<SqlDatabase> {
  const where = readString(inputs.url)
  if (!where) throw new Error('SQL Database Chain: fill in Connection string or file path.')
  const type = readString(inputs.database) ?? 'sqlite'
  if (type === 'sqlite') return openSqlite(where, scope)
  if (type === 'postgres') return openPostgres(where, scope)
  throw new Error(`SQL Database Chain reads SQLite and PostgreSQL databases, not ${type}.`)
}

export default defineNode({
  descriptor: {
    label: 'Sql Database Chain',
    name: 'sqlDatabaseChain',
    version: 1,
    type: 'SqlDatabaseChain',
    category: 'Chains',
    description: 'Answer questions about a database: the model writes one read-only SELECT, then explains the rows.',
    icon: 'sqlDatabaseChain.svg',
    color: '#3E7D2F',
    baseClasses: ['SqlDatabaseChain', 'BaseChain', 'Runnable'],
    canvases: ['chatflow'],
    inputs: [
      { label: 'Language Model', name: 'model', type: 'BaseLanguageModel' },
      {
        label: 'Database',
        name: 'database',
        type: 'options',
        options: [
          { label: 'SQLite', name: 'sqlite' },
          { label: 'PostgreSQL', name: 'postgres' },
        ],
        default: 'sqlite',
      },
      {
        label: 'Connection string or file path (sqlite only)',
        name: 'url',
        // A PostgreSQL URL holds its password: typed as a password, it is masked and never exported.
        type: 'password',
        description:
          "A SQLite file inside the workspace's database folder, or postgres://user:password@host:5432/database.",
        placeholder: 'shop.sqlite',
      },
      {
        label: 'Include Tables',
        name: 'includesTables',
        type: 'string',
        description: 'Only these tables, separated by commas.',
        placeholder: 'table1, table2',
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Ignore Tables',
        name: 'ignoreTables',
        type: 'string',
        description: 'Leave these tables out, separated by commas.',
        placeholder: 'table1, table2',
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Sample table rows',
        name: 'sampleRowsInTableInfo',
        type: 'number',
        description: 'Rows of each table shown to the model, 0 to 10.',
        default: 3,
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Top Keys',
        name: 'topK',
        type: 'number',
        description: `Most rows the query returns (at most ${MOST_ROWS}).`,
        default: 10,
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Custom Prompt',
        name: 'customPrompt',
        type: 'string',
        description: 'Replaces the query prompt; takes {input}, {dialect}, {table_info} and {top_k}.',
        rows: 4,
        placeholder: DEFAULT_SQL_PROMPT,
        optional: true,
        additionalParams: true,
      },
      inputModerationParam,
    ],
  },
  run: async ({ inputs }): Promise<Answerer> => {
    const model = requireChatModel(inputs.model, 'Language Model')
    const topK = Math.min(Math.max(Math.floor(readNumber(inputs.topK) ?? 10), 1), MOST_ROWS)
    const template = readText(inputs.customPrompt).trim() || DEFAULT_SQL_PROMPT
    const answerer: Answerer = {
      answer: async (scope) => {
        const db = await openDatabase(inputs, scope)
        try {
          const values = { dialect: db.dialect, table_info: await describeTables(db, inputs), top_k: String(topK) }
          const [prompt] = fillPrompts([template], values, scope.question)
          const written = await chat(model, { messages: [{ role: 'user', content: prompt! }], signal: scope.signal })
          const check = checkReadOnlySelect(queryOfAnswer(written.text))
          if (!check.ok) throw new Error(`SQL Database Chain did not run the query the model wrote: ${check.reason}`)
          const rows = await db.select(check.sql, topK)
          const result = rows.length ? rows.map((row) => JSON.stringify(row)).join('\n') : '(no rows)'
          return await answerWithModel(
            model,
            {
              system:
                'Answer the question from the result of the SQL query below, in plain words. ' +
                `If the result does not answer it, say so.\n\nSQLQuery: ${check.sql}\nSQLResult:\n${result}`,
              messages: [{ role: 'user', content: scope.question }],
            },
            scope,
          )
        } finally {
          await db.close()
        }
      },
    }
    return moderated(inputs.inputModeration, answerer)
  },
})
