/** Why a flow cannot take a vector upsert as asked (no vector store, an unknown stop node, a file no loader takes): the caller's to fix. */
export class UpsertRefusal extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'UpsertRefusal'
  }
}
