/**
 * The SQL Database Chain runs only what a model wrote as one SELECT. This decides whether a text is
 * that: comments and quoted text are set aside first (so a `;` or a word inside a string does not
 * count), then it must be one statement that starts with SELECT or WITH and names no statement
 * keyword that writes, and no function that reaches files, other sessions or sequences. The
 * database's own read-only transaction stays the second lock; this rule gives the clear message.
 */

const WRITING_WORDS = [
  'insert',
  'update',
  'delete',
  'merge',
  'upsert',
  'replace',
  'drop',
  'create',
  'alter',
  'truncate',
  'grant',
  'revoke',
  'attach',
  'detach',
  'pragma',
  'vacuum',
  'reindex',
  'analyze',
  'copy',
  'into',
  'call',
  'do',
  'execute',
  'prepare',
  'lock',
  'listen',
  'notify',
  'set',
  'reset',
  'load',
  'begin',
  'commit',
  'rollback',
  'savepoint',
  'release',
  'refresh',
  'cluster',
  'comment',
  'security',
]

const REFUSED_FUNCTIONS = [
  'pg_read_file',
  'pg_read_binary_file',
  'pg_ls_dir',
  'pg_stat_file',
  'lo_import',
  'lo_export',
  'lo_get',
  'dblink',
  'dblink_exec',
  'pg_terminate_backend',
  'pg_cancel_backend',
  'pg_reload_conf',
  'set_config',
  'pg_sleep',
  'nextval',
  'setval',
  'load_extension',
  'readfile',
  'writefile',
  'fts3_tokenizer',
  'pg_advisory_lock',
  'pg_notify',
  'query_to_xml',
  'current_setting',
]

export type SelectCheck = { ok: true; sql: string } | { ok: false; reason: string }

/** Replaces comments, string literals and quoted names by blanks, keeping everything else in place. */
function withoutQuotedText(sql: string): string {
  return sql.replace(
    /--[^\n]*|\/\*[\s\S]*?(?:\*\/|$)|'(?:[^']|'')*(?:'|$)|"(?:[^"]|"")*(?:"|$)|`[^`]*(?:`|$)|\$(\w*)\$[\s\S]*?(?:\$\1\$|$)/g,
    (match) => (match.startsWith("'") ? "''" : match.startsWith('"') || match.startsWith('`') ? '"q"' : ' '),
  )
}

/**
 * The statement without a trailing `;` when `text` is a single read-only SELECT; otherwise the reason
 * it is refused, in words a user understands.
 */
export function checkReadOnlySelect(text: string): SelectCheck {
  const sql = text.trim().replace(/;\s*$/, '').trim()
  if (!sql) return { ok: false, reason: 'The model wrote no SQL query.' }
  const bare = withoutQuotedText(sql)
  if (bare.includes(';')) return { ok: false, reason: 'Only one statement may run; the query has several.' }
  const words = bare.toLowerCase().match(/[a-z_][a-z0-9_$]*/g) ?? []
  if (words[0] !== 'select' && words[0] !== 'with') {
    return { ok: false, reason: `Only a SELECT may run; the query starts with ${(words[0] ?? '?').toUpperCase()}.` }
  }
  const writing = words.find((word) => WRITING_WORDS.includes(word))
  if (writing) return { ok: false, reason: `Only a SELECT may run; the query contains ${writing.toUpperCase()}.` }
  const call = /([a-z_][a-z0-9_]*)\s*\(/g
  for (const match of bare.toLowerCase().matchAll(call)) {
    if (REFUSED_FUNCTIONS.includes(match[1]!)) {
      return { ok: false, reason: `The query calls ${match[1]}(), which a read-only query may not use.` }
    }
  }
  return { ok: true, sql }
}
