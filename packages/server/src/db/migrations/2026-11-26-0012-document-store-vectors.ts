import type { Kysely } from 'kysely'

// Frozen in time, like every migration: later changes get a new file.
// What a document store's upserts put into its vector store: one record per vector (its id is the
// hash of the chunk's loader, text and metadata, so an unchanged chunk keeps its vector across
// re-processing), and the history of the upserts with their counts.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('document_store_records')
    .addColumn('store_id', 'varchar(36)', (c) => c.notNull().references('document_stores.id').onDelete('cascade'))
    .addColumn('vector_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('workspace_id', 'varchar(36)', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('loader_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('upserted_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('document_store_records_pk', ['store_id', 'vector_id'])
    .execute()

  await db.schema
    .createTable('document_store_upserts')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('store_id', 'varchar(36)', (c) => c.notNull().references('document_stores.id').onDelete('cascade'))
    .addColumn('workspace_id', 'varchar(36)', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('job_id', 'varchar(36)', (c) => c.notNull().references('document_store_jobs.id').onDelete('cascade'))
    .addColumn('embedding_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('vector_store_name', 'varchar(255)', (c) => c.notNull())
    // JSON text of { numAdded, numUpdated, numSkipped, numDeleted } once the upsert is over.
    .addColumn('result', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('document_store_upserts_store')
    .on('document_store_upserts')
    .columns(['store_id', 'created_at'])
    .execute()
}

export async function down(): Promise<void> {
  throw new Error('Weft migrations only move forward')
}
