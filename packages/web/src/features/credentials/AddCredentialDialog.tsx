import type { Credential, CredentialDescriptor } from '@weft/core'
import { useState } from 'react'
import { createCredential } from '../../api/credentials'
import { notify } from '../../components/notifications/notify'
import CredentialFormDialog from './CredentialFormDialog'
import CredentialTypeDialog from './CredentialTypeDialog'
import { useCredentialTypes } from './useCredentialTypes'

interface AddCredentialDialogProps {
  /** Only these types are offered (a node's accepted types); all when absent. */
  allowedTypes?: readonly string[] | undefined
  onCreated: (credential: Credential) => void
  onClose: () => void
}

/**
 * Adding a credential: choose its type, then fill its fields. With a single allowed type the
 * choice is skipped.
 */
export default function AddCredentialDialog({ allowedTypes, onCreated, onClose }: AddCredentialDialogProps) {
  const { types, isPending, error, refetch } = useCredentialTypes()
  const [chosen, setChosen] = useState<CredentialDescriptor | null>(null)
  const offered = allowedTypes ? types.filter((type) => allowedTypes.includes(type.name)) : types
  const only = offered.length === 1 ? offered[0] : undefined
  const type = chosen ?? only

  if (!type)
    return (
      <CredentialTypeDialog
        types={offered}
        isPending={isPending}
        error={error}
        onRetry={() => void refetch()}
        onChoose={setChosen}
        onClose={onClose}
      />
    )
  return (
    <CredentialFormDialog
      key={type.name}
      type={type}
      onBack={only ? undefined : () => setChosen(null)}
      onClose={onClose}
      onSubmit={async (body) => {
        const created = await createCredential(body, { navigateOnForbidden: false })
        notify(`Credential ${created.name} added`, 'success')
        onCreated(created)
      }}
    />
  )
}
