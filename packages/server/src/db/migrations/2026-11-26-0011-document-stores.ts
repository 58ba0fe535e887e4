import type { Kysely } from 'kysely'

// Frozen in time, like every migration: later changes get a new file.
// Document stores (Flowise's `document_store`): documents a workspace keeps apart from any flow. A
// store holds loaders (a loader node with its settings and splitter), the files they read, the chunks
// processing made of them, and the jobs that did long work on it. Everything goes with its store.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('document_stores')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('workspace_id', 'varchar(36)', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('embedding_config', 'text')
    .addColumn('vector_store_config', 'text')
    .addColumn('record_manager_config', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('document_stores_workspace')
    .on('document_stores')
    .columns(['workspace_id', 'created_at'])
    .execute()

  await db.schema
    .createTable('document_store_loaders')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('store_id', 'varchar(36)', (c) => c.notNull().references('document_stores.id').onDelete('cascade'))
    .addColumn('workspace_id', 'varchar(36)', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('loader_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('loader_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('loader_config', 'text', (c) => c.notNull())
    .addColumn('splitter_id', 'varchar(255)')
    .addColumn('splitter_name', 'varchar(255)')
    .addColumn('splitter_config', 'text')
    .addColumn('metadata', 'text')
    .addColumn('omit_metadata_keys', 'text')
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('total_chunks', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_chars', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('document_store_loaders_store').on('document_store_loaders').column('store_id').execute()

  // The content is the file's bytes as base64 text: the loader nodes take a file as a base64 data
  // URL, so stored this way it reaches them without converting, and one column type serves both
  // dialects (SQLite's blob and PostgreSQL's bytea differ, and Kysely's builder has no common one).
  await db.schema
    .createTable('document_store_files')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('store_id', 'varchar(36)', (c) => c.notNull().references('document_stores.id').onDelete('cascade'))
    // Null until a saved loader lists the file; then it goes with that loader.
    .addColumn('loader_id', 'varchar(36)', (c) => c.references('document_store_loaders.id').onDelete('cascade'))
    .addColumn('workspace_id', 'varchar(36)', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('mime', 'varchar(255)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('document_store_files_store').on('document_store_files').column('store_id').execute()
  await db.schema.createIndex('document_store_files_loader').on('document_store_files').column('loader_id').execute()

  await db.schema
    .createTable('document_store_chunks')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('store_id', 'varchar(36)', (c) => c.notNull().references('document_stores.id').onDelete('cascade'))
    .addColumn('loader_id', 'varchar(36)', (c) =>
      c.notNull().references('document_store_loaders.id').onDelete('cascade'),
    )
    .addColumn('workspace_id', 'varchar(36)', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('chunk_no', 'integer', (c) => c.notNull())
    .addColumn('page_content', 'text', (c) => c.notNull())
    .addColumn('metadata', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('document_store_chunks_loader_no')
    .on('document_store_chunks')
    .columns(['loader_id', 'chunk_no'])
    .execute()
  await db.schema.createIndex('document_store_chunks_store').on('document_store_chunks').column('store_id').execute()

  await db.schema
    .createTable('document_store_jobs')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('store_id', 'varchar(36)', (c) => c.notNull().references('document_stores.id').onDelete('cascade'))
    .addColumn('loader_id', 'varchar(36)', (c) => c.references('document_store_loaders.id').onDelete('cascade'))
    .addColumn('workspace_id', 'varchar(36)', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('document_store_jobs_store_created')
    .on('document_store_jobs')
    .columns(['store_id', 'created_at'])
    .execute()
  // Marking jobs a stopped server left unfinished looks them up by status, across workspaces.
  await db.schema.createIndex('document_store_jobs_status').on('document_store_jobs').column('status').execute()
}

export async function down(): Promise<void> {
  throw new Error('Weft migrations only move forward')
}
