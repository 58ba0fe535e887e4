import type { Kysely } from 'kysely'
import type { Database, SsoConfigRow } from '../tables.js'

/** The organization's single sign-on configurations, one per provider. */
export const listSsoConfigs = (db: Kysely<Database>, organizationId: string): Promise<SsoConfigRow[]> =>
  db.selectFrom('sso_configs').selectAll().where('organization_id', '=', organizationId).execute()

export const findSsoConfig = (
  db: Kysely<Database>,
  organizationId: string,
  provider: string,
): Promise<SsoConfigRow | undefined> =>
  db
    .selectFrom('sso_configs')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('provider', '=', provider)
    .executeTakeFirst()

/** Inserts or replaces one provider's configuration. */
export async function saveSsoConfig(db: Kysely<Database>, row: SsoConfigRow): Promise<void> {
  await db
    .insertInto('sso_configs')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['organization_id', 'provider']).doUpdateSet({
        settings: row.settings,
        client_secret: row.client_secret,
        issuer: row.issuer,
        enabled: row.enabled,
        updated_at: row.updated_at,
      }),
    )
    .execute()
}

/**
 * The organization whose single sign-on the login page offers: the install's first organization,
 * as Flowise's enterprise edition does (a self-hosted install has one).
 */
export async function findSsoOrganizationId(db: Kysely<Database>): Promise<string | undefined> {
  const first = await db.selectFrom('organizations').select('id').orderBy('created_at').orderBy('id').executeTakeFirst()
  return first?.id
}
