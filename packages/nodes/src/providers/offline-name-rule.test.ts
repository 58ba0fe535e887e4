import { describe, expect, it } from 'vitest'
import { asksForName, introducedName, rememberedName, withoutIntroductions } from './offline-name-rule.js'

describe('the name rule', () => {
  it('hears a name said in the usual ways', () => {
    expect(introducedName('I am Bo')).toBe('Bo')
    expect(introducedName("I'm Bo.")).toBe('Bo')
    expect(introducedName('I’m Bo!')).toBe('Bo')
    expect(introducedName('Hi, my name is Bo Lind and I need help')).toBe('Bo Lind')
    expect(introducedName("my name's bo")).toBe('Bo')
    expect(introducedName('Please call me Bo.')).toBe('Bo')
  })

  it('takes no name from how someone feels, a common word, or a text without one', () => {
    expect(introducedName('I am tired')).toBeUndefined()
    expect(introducedName("I'm OK, thanks")).toBeUndefined()
    expect(introducedName('My name is not important')).toBeUndefined()
    expect(introducedName('When is the office open?')).toBeUndefined()
    expect(introducedName('Sam is my friend')).toBeUndefined()
  })

  it('remembers the latest name the user gave', () => {
    expect(rememberedName(['I am Bo', 'When is the office open?', 'What is my name?'])).toBe('Bo')
    expect(rememberedName(['I am Bo', 'Sorry, call me Robert', 'What is my name?'])).toBe('Robert')
    expect(rememberedName(['What is my name?'])).toBeUndefined()
  })

  it('knows the questions that ask for the name', () => {
    for (const question of ['What is my name?', "what's my name", 'Do you remember my name?', 'Who am I?']) {
      expect(asksForName(question), question).toBe(true)
    }
    expect(asksForName('What is the name of the office?')).toBe(false)
  })

  it('takes introductions out of a text and leaves the rest', () => {
    expect(withoutIntroductions('Hi, I am Bo!')).toBe('Hi, !')
    expect(withoutIntroductions('I am tired')).toBe('I am tired')
  })
})
