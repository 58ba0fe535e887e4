import { toCsv } from '../text/csv.js'
import type { Lead } from '../types/run.js'

/** A flow's leads as a CSV file, with the columns of Flowise's leads table. */
export function leadsToCsv(leads: readonly Lead[]): string {
  return toCsv([
    ['Name', 'Email Address', 'Phone', 'Created Date'],
    ...leads.map((lead) => [lead.name, lead.email, lead.phone, lead.createdDate]),
  ])
}
