import { randomBytes } from 'node:crypto'
import { closeSync, mkdirSync, openSync } from 'node:fs'
import { join } from 'node:path'
import { setImmediate as nextTurn } from 'node:timers/promises'
import SQLite from 'better-sqlite3'

// The embedded store's one SQLite file per workspace folder (`vectors.sqlite`): a row per
// collection and a row per record. It is the truth; indexes in memory and in files are caches of it.
// Two connections: writes go through one, in transactions taken one at a time; reads through the
// other, which sees only committed rows (WAL), so a search never reads half an upsert.

export interface CollectionRow {
  name: string
  /** Made with the row: an index file belongs to one epoch, never to a store made again later. */
  epoch: string
  /** Vector length, fixed by the first upsert; null while the collection is empty. */
  dimensions: number | null
  /** Change counter: +1 for every write that changed something. */
  version: number
  /** The next record's label: labels only grow, so one is never given to two records. */
  next_label: number
  /** The version and number of indexed records when the index file was last saved. */
  index_version: number | null
  index_count: number | null
}

/** A record as stored, without its vector. */
export interface StoredEntry {
  id: string
  label: number
  metadata: string
}

export interface StoredRecord extends StoredEntry {
  vector: Buffer
  page_content: string
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS collections (
  name TEXT PRIMARY KEY,
  epoch TEXT NOT NULL,
  dimensions INTEGER,
  version INTEGER NOT NULL DEFAULT 0,
  next_label INTEGER NOT NULL DEFAULT 0,
  index_version INTEGER,
  index_count INTEGER
);
CREATE TABLE IF NOT EXISTS vectors (
  collection TEXT NOT NULL,
  id TEXT NOT NULL,
  label INTEGER NOT NULL,
  vector BLOB NOT NULL,
  page_content TEXT NOT NULL,
  metadata TEXT NOT NULL,
  PRIMARY KEY (collection, id)
);
CREATE UNIQUE INDEX IF NOT EXISTS vectors_by_label ON vectors (collection, label);
`

/** Rows a write reads and writes while its transaction is open. */
export interface WriteTransaction {
  /** The collection's row, made (empty) when missing. */
  collection(name: string): CollectionRow
  record(collection: string, id: string): StoredRecord | undefined
  put(collection: string, record: Omit<StoredRecord, 'label'> & { label: number }): void
  remove(collection: string, id: string): void
  removeAll(collection: string): void
  /** Counts the change: bumps the version and keeps the dimensions and next label. */
  changed(collection: string, dimensions: number | null, nextLabel: number): void
  /** Records the version and size of the index file just saved (null: none that can be trusted). */
  stamp(collection: string, version: number | null, count: number | null): void
}

function connect(path: string): SQLite.Database {
  const database = new SQLite(path, { timeout: 5000 })
  database.pragma('journal_mode = WAL')
  database.pragma('synchronous = NORMAL')
  return database
}

export class VectorsDatabase {
  readonly path: string
  private readonly writer: SQLite.Database
  private readonly reader: SQLite.Database
  private writing: Promise<unknown> = Promise.resolve()
  private readonly statements = new Map<string, SQLite.Statement>()

  constructor(readonly folder: string) {
    mkdirSync(folder, { recursive: true, mode: 0o700 })
    this.path = join(folder, 'vectors.sqlite')
    // Documents are the workspace's: the file (and the -wal and -shm files SQLite makes with its
    // mode) is readable by this user only.
    closeSync(openSync(this.path, 'a', 0o600))
    this.writer = connect(this.path)
    this.writer.exec(SCHEMA)
    this.reader = connect(this.path)
  }

  close(): void {
    this.writer.close()
    this.reader.close()
  }

  /** The collection's committed row, or undefined before its first write. */
  collection(name: string): CollectionRow | undefined {
    return this.read('SELECT * FROM collections WHERE name = ?').get(name) as CollectionRow | undefined
  }

  /** Every committed label of the collection. */
  labels(collection: string): number[] {
    return this.read('SELECT label FROM vectors WHERE collection = ?').pluck().all(collection) as number[]
  }

  /** Ids and metadata of these labels (those still stored). */
  entries(collection: string, labels: number[]): StoredEntry[] {
    return this.read(
      'SELECT id, label, metadata FROM vectors WHERE collection = ? AND label IN (SELECT value FROM json_each(?))',
    ).all(collection, JSON.stringify(labels)) as StoredEntry[]
  }

  /** Whole records of these labels (those still stored). */
  records(collection: string, labels: number[]): StoredRecord[] {
    return this.read(
      'SELECT id, label, metadata, vector, page_content FROM vectors WHERE collection = ? AND label IN (SELECT value FROM json_each(?))',
    ).all(collection, JSON.stringify(labels)) as StoredRecord[]
  }

  /** Vectors of these labels (those still stored). */
  vectors(collection: string, labels: number[]): { label: number; vector: Buffer }[] {
    return this.read(
      'SELECT label, vector FROM vectors WHERE collection = ? AND label IN (SELECT value FROM json_each(?))',
    ).all(collection, JSON.stringify(labels)) as { label: number; vector: Buffer }[]
  }

  /**
   * Runs `work` in one transaction, after the writes before it: committed when it resolves, rolled
   * back when it throws. `work` may yield between batches; a killed process leaves nothing of it.
   */
  transaction<T>(work: (transaction: WriteTransaction) => Promise<T>): Promise<T> {
    const run = async () => {
      this.writer.exec('BEGIN IMMEDIATE')
      try {
        const result = await work(this.writeTransaction())
        this.writer.exec('COMMIT')
        return result
      } catch (error) {
        if (this.writer.inTransaction) this.writer.exec('ROLLBACK')
        throw error
      }
    }
    const result = this.writing.then(run, run)
    this.writing = result.catch(() => undefined)
    return result
  }

  private writeTransaction(): WriteTransaction {
    return {
      collection: (name) => {
        this.write('INSERT OR IGNORE INTO collections (name, epoch) VALUES (?, ?)').run(
          name,
          randomBytes(8).toString('hex'),
        )
        return this.write('SELECT * FROM collections WHERE name = ?').get(name) as CollectionRow
      },
      record: (collection, id) =>
        this.write('SELECT * FROM vectors WHERE collection = ? AND id = ?').get(collection, id) as
          StoredRecord | undefined,
      put: (collection, record) => {
        this.write(
          `INSERT INTO vectors (collection, id, label, vector, page_content, metadata) VALUES (?, ?, ?, ?, ?, ?)
           ON CONFLICT (collection, id) DO UPDATE SET label = excluded.label, vector = excluded.vector,
             page_content = excluded.page_content, metadata = excluded.metadata`,
        ).run(collection, record.id, record.label, record.vector, record.page_content, record.metadata)
      },
      remove: (collection, id) => {
        this.write('DELETE FROM vectors WHERE collection = ? AND id = ?').run(collection, id)
      },
      removeAll: (collection) => {
        this.write('DELETE FROM vectors WHERE collection = ?').run(collection)
      },
      changed: (collection, dimensions, nextLabel) => {
        this.write('UPDATE collections SET version = version + 1, dimensions = ?, next_label = ? WHERE name = ?').run(
          dimensions,
          nextLabel,
          collection,
        )
      },
      stamp: (collection, version, count) => {
        this.write('UPDATE collections SET index_version = ?, index_count = ? WHERE name = ?').run(
          version,
          count,
          collection,
        )
      },
    }
  }

  private read(sql: string): SQLite.Statement {
    return this.prepared('r', this.reader, sql)
  }

  private write(sql: string): SQLite.Statement {
    return this.prepared('w', this.writer, sql)
  }

  private prepared(connection: string, database: SQLite.Database, sql: string): SQLite.Statement {
    const key = connection + sql
    let statement = this.statements.get(key)
    if (!statement) {
      statement = database.prepare(sql)
      this.statements.set(key, statement)
    }
    return statement
  }
}

/** A stored vector (float32 bytes) as numbers; copied, as a Buffer's bytes need not be aligned for floats. */
export const vectorOfBlob = (blob: Buffer): Float32Array =>
  new Float32Array(blob.buffer.slice(blob.byteOffset, blob.byteOffset + blob.byteLength))

/** Lets other work run between batches of a long write or load. */
export const yieldToOthers = (): Promise<void> => nextTurn()
