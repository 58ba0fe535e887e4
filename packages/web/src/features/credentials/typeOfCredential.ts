import { REDACTED_SECRET, type Credential, type CredentialDescriptor } from '@weft/core'

/**
 * The type to edit a credential with. A credential whose type the catalogue no longer lists still
 * opens, with one optional field per stored value, so it can be fixed or renamed rather than stuck.
 */
export function typeOfCredential(
  credential: Credential,
  known: CredentialDescriptor | undefined,
): CredentialDescriptor {
  if (known) return known
  const stored = credential.plainDataObj ?? {}
  return {
    label: credential.credentialName,
    name: credential.credentialName,
    inputs: Object.entries(stored).map(([name, value]) => ({
      label: name,
      name,
      type: value === REDACTED_SECRET ? 'password' : 'string',
      optional: true,
    })),
  }
}
