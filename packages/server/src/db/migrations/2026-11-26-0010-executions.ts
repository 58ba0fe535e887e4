import type { Kysely } from 'kysely'

// Frozen in time, like every migration: later changes get a new file.
// One row per run of an agentflow (Flowise's `execution`): its steps, where it stands, and what a
// paused or interrupted run needs to continue. It goes with its flow.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('executions')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('workspace_id', 'varchar(36)', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('agentflow_id', 'varchar(36)', (c) => c.notNull().references('flows.id').onDelete('cascade'))
    .addColumn('session_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('state', 'varchar(20)', (c) => c.notNull())
    .addColumn('execution_data', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('action', 'text')
    .addColumn('checkpoint', 'text')
    .addColumn('error', 'text')
    .addColumn('interrupted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(0))
    // A child run keeps its own history when its parent's is deleted.
    .addColumn('parent_execution_id', 'varchar(36)', (c) => c.references('executions.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('stopped_at', 'varchar(32)')
    .execute()
  await db.schema
    .createIndex('executions_workspace_created')
    .on('executions')
    .columns(['workspace_id', 'created_at'])
    .execute()
  await db.schema
    .createIndex('executions_flow_session_state')
    .on('executions')
    .columns(['agentflow_id', 'session_id', 'state'])
    .execute()
  // Marking runs a stopped server left unfinished looks them up by state, across workspaces.
  await db.schema.createIndex('executions_state').on('executions').column('state').execute()
}

export async function down(): Promise<void> {
  throw new Error('Weft migrations only move forward')
}
