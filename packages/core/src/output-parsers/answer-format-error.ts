/** A model's answer that does not have the shape an output parser asked for; says what is wrong. */
export class AnswerFormatError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'AnswerFormatError'
  }
}
