import type { Insertable, Kysely, Selectable, Updateable } from 'kysely'

/** The caller's workspace: every read and write of a workspace-owned row goes through one. */
export interface WorkspaceScope {
  workspaceId: string
}

/** Tables whose rows a workspace owns: they carry `id` and `workspace_id`. */
export type WorkspaceTableName<DB> = {
  [K in keyof DB & string]: DB[K] extends { id: unknown; workspace_id: unknown } ? K : never
}[keyof DB & string]

export interface WorkspaceRepository<Row, New, Patch> {
  list(scope: WorkspaceScope): Promise<Row[]>
  find(scope: WorkspaceScope, id: string): Promise<Row | undefined>
  insert(scope: WorkspaceScope, row: Omit<New, 'workspace_id'>): Promise<Row>
  update(scope: WorkspaceScope, id: string, patch: Omit<Patch, 'workspace_id' | 'id'>): Promise<Row | undefined>
  remove(scope: WorkspaceScope, id: string): Promise<boolean>
}

/**
 * A repository over a workspace-owned table. Every query it can build is filtered by the scope's
 * workspace, so a row of another workspace reads as missing (the route answers 404).
 */
export function workspaceRepository<DB, T extends WorkspaceTableName<DB>>(
  db: Kysely<DB>,
  table: T,
): WorkspaceRepository<Selectable<DB[T]>, Insertable<DB[T]>, Updateable<DB[T]>> {
  type Row = Selectable<DB[T]>
  // Kysely cannot type a query over a table chosen by a type parameter; the public signature above is the typed one.
  const q = db as unknown as Kysely<{ owned: { id: string; workspace_id: string } }>
  const name = table as unknown as 'owned'
  const owned = (scope: WorkspaceScope) =>
    q.selectFrom(name).selectAll().where('workspace_id', '=', scope.workspaceId)

  return {
    list: async (scope) => (await owned(scope).execute()) as Row[],
    find: async (scope, id) => (await owned(scope).where('id', '=', id).executeTakeFirst()) as Row | undefined,
    async insert(scope, row) {
      const values = { ...(row as object), workspace_id: scope.workspaceId } as { id: string; workspace_id: string }
      await q.insertInto(name).values(values).execute()
      return (await owned(scope).where('id', '=', values.id).executeTakeFirstOrThrow()) as Row
    },
    async update(scope, id, patch) {
      const result = await q
        .updateTable(name)
        .set(patch as object)
        .where('id', '=', id)
        .where('workspace_id', '=', scope.workspaceId)
        .executeTakeFirst()
      if (result.numUpdatedRows === 0n) return undefined
      return (await owned(scope).where('id', '=', id).executeTakeFirst()) as Row | undefined
    },
    async remove(scope, id) {
      const result = await q
        .deleteFrom(name)
        .where('id', '=', id)
        .where('workspace_id', '=', scope.workspaceId)
        .executeTakeFirst()
      return result.numDeletedRows > 0n
    },
  }
}
