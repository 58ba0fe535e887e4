import { isCommonWord } from './words.js'

// The name rule: the built-in responder remembers a name the user gave in the usual ways and says it
// back. "My name is Bo", "my name's Bo" and "call me Bo" take the next word even in lower case (people
// type "my name is bo"); "I am Bo" and "I'm Bo" take only capitalised words, because "I am tired" is
// no name. Up to three capitalised words make one name ("I am Bo Lind"); a common word ("my name is
// not Bo", "I'm OK") is none. The latest introduction wins, so a user who corrects their name is heard.

const NAME_WORD = String.raw`\p{L}[\p{L}'’-]*`
const CAPITALISED = String.raw`\p{Lu}[\p{L}'’-]*`
const MORE_WORDS = String.raw`(?:[ \t]+${CAPITALISED}){0,2}`
// No `i` flag: under it \p{Lu} would match lower-case letters too.
const INTRODUCTIONS = [
  new RegExp(
    String.raw`(?<![\p{L}'’])(?:[Mm]y name is|[Mm]y name['’]s|[Cc]all me)[ \t]+(${NAME_WORD}${MORE_WORDS})`,
    'gu',
  ),
  new RegExp(String.raw`(?<![\p{L}'’])(?:I am|I['’]m)[ \t]+(${CAPITALISED}${MORE_WORDS})`, 'gu'),
]

const ASKS_FOR_NAME =
  /\b(?:what(?:'s|’s| is) my name|(?:do|did) you (?:know|remember) my name|who am i|tell me my name)\b/i

/** Words people say after "I'm" that are not names ("I'm OK", "I'm Sorry"). */
const NOT_NAMES = new Set([
  'ok',
  'okay',
  'fine',
  'good',
  'great',
  'sorry',
  'sure',
  'ready',
  'done',
  'back',
  'here',
  'new',
])
const isName = (name: string): boolean => {
  const first = name.split(/\s+/)[0]!
  return !isCommonWord(first) && !NOT_NAMES.has(first.toLowerCase())
}

const capitalise = (name: string): string => name.charAt(0).toUpperCase() + name.slice(1)

/** The name a text introduces, the last one when it gives several; undefined when it gives none. */
export function introducedName(text: string): string | undefined {
  let found: { name: string; at: number } | undefined
  for (const pattern of INTRODUCTIONS) {
    for (const match of text.matchAll(pattern)) {
      const name = match[1]!
      if (!isName(name)) continue
      if (!found || match.index > found.at) found = { name: capitalise(name), at: match.index }
    }
  }
  return found?.name
}

/** The text with its introductions taken out: what is left once "I'm Bo" has been heard. */
export const withoutIntroductions = (text: string): string =>
  INTRODUCTIONS.reduce(
    (rest, pattern) => rest.replace(pattern, (whole, name: string) => (isName(name) ? '' : whole)),
    text,
  )

/** The name the user gave most recently in their messages, oldest first. */
export function rememberedName(userTexts: readonly string[]): string | undefined {
  return userTexts.reduce<string | undefined>((name, text) => introducedName(text) ?? name, undefined)
}

/** True for "What is my name?", "Do you remember my name?", "Who am I?". */
export const asksForName = (question: string): boolean => ASKS_FOR_NAME.test(question)
