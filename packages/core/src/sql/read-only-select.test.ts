import { describe, expect, it } from 'vitest'
import { checkReadOnlySelect } from './read-only-select.js'

describe('checkReadOnlySelect', () => {
  it('accepts one SELECT or WITH query, dropping a trailing semicolon', () => {
    expect(checkReadOnlySelect('SELECT name FROM users;')).toEqual({ ok: true, sql: 'SELECT name FROM users' })
    expect(checkReadOnlySelect('with t as (select 1 as n) select n from t')).toMatchObject({ ok: true })
  })

  it('ignores words and semicolons inside strings, quoted names and comments', () => {
    expect(checkReadOnlySelect('SELECT \'drop table x; delete\' AS "update" FROM t -- insert\n')).toMatchObject({
      ok: true,
    })
  })

  it('refuses other statements, several statements and writing words', () => {
    expect(checkReadOnlySelect('DROP TABLE users')).toEqual({
      ok: false,
      reason: 'Only a SELECT may run; the query starts with DROP.',
    })
    expect(checkReadOnlySelect('UPDATE users SET name = 1')).toMatchObject({ ok: false })
    expect(checkReadOnlySelect('SELECT 1; DELETE FROM users')).toEqual({
      ok: false,
      reason: 'Only one statement may run; the query has several.',
    })
    expect(checkReadOnlySelect('WITH gone AS (DELETE FROM users RETURNING *) SELECT * FROM gone')).toEqual({
      ok: false,
      reason: 'Only a SELECT may run; the query contains DELETE.',
    })
    expect(checkReadOnlySelect('SELECT * INTO copy FROM users')).toMatchObject({ ok: false })
    expect(checkReadOnlySelect('')).toEqual({ ok: false, reason: 'The model wrote no SQL query.' })
  })

  it('refuses functions that reach files, sessions or sequences', () => {
    expect(checkReadOnlySelect("SELECT pg_read_file('/etc/passwd')")).toEqual({
      ok: false,
      reason: 'The query calls pg_read_file(), which a read-only query may not use.',
    })
    expect(checkReadOnlySelect("select load_extension ('x')")).toMatchObject({ ok: false })
  })
})
