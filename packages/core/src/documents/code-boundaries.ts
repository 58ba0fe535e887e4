// Where a Code Text Splitter may cut source code, per language: the places a new definition,
// block or statement begins, tried in order, so a chunk holds whole functions before whole blocks
// before whole statements. Each entry is a regular expression (multiline: `^` is a line start) of
// the text that begins the next piece; the splitter adds paragraphs, lines and words after them.

export const CODE_LANGUAGES = [
  'cpp',
  'go',
  'java',
  'js',
  'php',
  'proto',
  'python',
  'rst',
  'ruby',
  'rust',
  'scala',
  'swift',
  'markdown',
  'latex',
  'html',
  'sol',
] as const

export type CodeLanguage = (typeof CODE_LANGUAGES)[number]

const statements = (words: string) => `^[ \\t]*(?:${words})\\b`

const BOUNDARIES: Record<CodeLanguage, string[]> = {
  cpp: ['^(?:template|class|struct|namespace|enum)\\b', statements('if|for|while|do|switch|case|return')],
  go: ['^func\\b', '^(?:type|var|const)\\b', statements('if|for|switch|case|select|go|defer|return')],
  java: [
    '^[ \\t]*(?:(?:public|private|protected|abstract|final|static)[ \\t]+)*(?:class|interface|enum|record)\\b',
    '^[ \\t]*(?:public|private|protected|static)\\b',
    statements('if|for|while|do|switch|case|try|return'),
  ],
  js: [
    '^(?:export[ \\t]+)?(?:default[ \\t]+)?(?:async[ \\t]+)?(?:function|class)\\b',
    '^(?:export[ \\t]+)?(?:const|let|var)\\b',
    statements('if|for|while|do|switch|case|try|return'),
  ],
  php: [
    '^[ \\t]*(?:(?:public|private|protected|static|abstract|final)[ \\t]+)*(?:function|class|interface|trait)\\b',
    statements('if|elseif|foreach|for|while|do|switch|case|try'),
  ],
  proto: ['^(?:message|service|enum|extend)\\b', '^(?:syntax|package|import|option)\\b', statements('rpc|oneof|map')],
  python: [
    '^(?:async[ \\t]+)?(?:class|def)\\b',
    '^[ \\t]+(?:async[ \\t]+)?def\\b',
    statements('if|for|while|with|try'),
  ],
  rst: ['^[^\\n]+\\n[=\\-~`^"\'#*+]{3,}[ \\t]*$', '^\\.\\. ', '^::[ \\t]*$'],
  ruby: ['^[ \\t]*(?:class|module)\\b', '^[ \\t]*def\\b', statements('if|unless|while|until|for|case|begin|do')],
  rust: [
    '^(?:pub(?:\\([^)]*\\))?[ \\t]+)?(?:fn|struct|enum|trait|impl|mod|const|static)\\b',
    '^[ \\t]+(?:pub[ \\t]+)?fn\\b',
    statements('let|if|for|while|loop|match'),
  ],
  scala: [
    '^[ \\t]*(?:case[ \\t]+)?(?:class|object|trait)\\b',
    '^[ \\t]*def\\b',
    statements('val|var|if|for|while|match|case'),
  ],
  swift: [
    '^[ \\t]*(?:(?:public|private|internal|open|final)[ \\t]+)*(?:class|struct|enum|protocol|extension)\\b',
    '^[ \\t]*(?:(?:public|private|internal|open|static|override)[ \\t]+)*func\\b',
    statements('if|for|while|repeat|switch|case|guard|do'),
  ],
  markdown: ['^# ', '^## ', '^### ', '^#{4,6} ', '^```', '^(?:\\*{3,}|-{3,}|_{3,})[ \\t]*$'],
  latex: [
    '\\\\(?:chapter|section)\\*?\\{',
    '\\\\(?:subsection|subsubsection|paragraph)\\*?\\{',
    '\\\\begin\\{',
    '\\\\item\\b',
  ],
  html: [
    '<(?:body|main|section|article|header|footer|nav|aside)\\b',
    '<(?:h[1-6]|div|table|form|ul|ol|pre|blockquote)\\b',
    '<(?:p|li|tr|dl)\\b',
  ],
  sol: [
    '^[ \\t]*(?:abstract[ \\t]+)?(?:contract|interface|library)\\b',
    '^[ \\t]*(?:function|constructor|modifier|event|struct|enum)\\b',
    statements('if|for|while|do|return|emit|require'),
  ],
}

export const isCodeLanguage = (value: unknown): value is CodeLanguage =>
  typeof value === 'string' && (CODE_LANGUAGES as readonly string[]).includes(value)

/** The patterns (multiline regular expressions) where a new piece of `language` code begins, in order. */
export function codeBoundaries(language: CodeLanguage): readonly string[] {
  return BOUNDARIES[language]
}
