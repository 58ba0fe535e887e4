import type { Kysely } from 'kysely'

// Frozen in time, like every migration: later changes get a new file.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('chat_messages')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('workspace_id', 'varchar(36)', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('chatflow_id', 'varchar(36)', (c) => c.notNull().references('flows.id').onDelete('cascade'))
    .addColumn('role', 'varchar(20)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('source_documents', 'text')
    .addColumn('used_tools', 'text')
    .addColumn('chat_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('chat_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('session_id', 'varchar(255)')
    .addColumn('lead_email', 'varchar(255)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('chat_messages_flow_chat')
    .on('chat_messages')
    .columns(['chatflow_id', 'chat_id'])
    .execute()
  await db.schema
    .createIndex('chat_messages_flow_session')
    .on('chat_messages')
    .columns(['chatflow_id', 'session_id'])
    .execute()

  await db.schema
    .createTable('chat_feedback')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('workspace_id', 'varchar(36)', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('chatflow_id', 'varchar(36)', (c) => c.notNull().references('flows.id').onDelete('cascade'))
    .addColumn('chat_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('message_id', 'varchar(36)', (c) =>
      c.notNull().unique().references('chat_messages.id').onDelete('cascade'),
    )
    .addColumn('rating', 'varchar(20)', (c) => c.notNull())
    .addColumn('content', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('chat_feedback_flow').on('chat_feedback').column('chatflow_id').execute()

  await db.schema
    .createTable('leads')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('workspace_id', 'varchar(36)', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('chatflow_id', 'varchar(36)', (c) => c.notNull().references('flows.id').onDelete('cascade'))
    .addColumn('chat_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('name', 'varchar(255)')
    .addColumn('email', 'varchar(255)')
    .addColumn('phone', 'varchar(255)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('leads_flow').on('leads').column('chatflow_id').execute()

  // Deleting an API key unbinds the flows it guarded (they become callable by signed-in users only).
  await db.schema
    .alterTable('flows')
    .addColumn('apikey_id', 'varchar(36)', (c) => c.references('api_keys.id').onDelete('set null'))
    .execute()
}

export async function down(): Promise<void> {
  throw new Error('Weft migrations only move forward')
}
