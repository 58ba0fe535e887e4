/** SPEC §3: an organization is labelled with its owner's name or email followed by "'s Organization". */
export function organizationLabel(owner: { name?: string | null; email: string }): string {
  const who = owner.name?.trim() || owner.email
  return `${who}'s Organization`
}
