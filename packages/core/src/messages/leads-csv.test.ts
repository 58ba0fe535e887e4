import { describe, expect, it } from 'vitest'
import { leadsToCsv } from './leads-csv.js'

const lead = (fields: { name: string | null; email: string | null; phone: string | null }) => ({
  id: 'l1',
  chatflowid: 'f1',
  chatId: 'c1',
  createdDate: '2026-03-01T10:00:00.000Z',
  ...fields,
})

describe('leadsToCsv', () => {
  it('writes a header and a row per lead, quoting and defusing what the lead typed', () => {
    const csv = leadsToCsv([
      lead({ name: 'Hopper, Grace', email: 'grace@example.com', phone: '+1 555 0100' }),
      lead({ name: '=cmd|"/c calc"!A1', email: null, phone: null }),
    ])
    expect(csv.split('\r\n')).toEqual([
      'Name,Email Address,Phone,Created Date',
      '"Hopper, Grace",grace@example.com,\'+1 555 0100,2026-03-01T10:00:00.000Z',
      '"\'=cmd|""/c calc""!A1",,,2026-03-01T10:00:00.000Z',
      '',
    ])
  })

  it('writes only the header when there are no leads', () => {
    expect(leadsToCsv([])).toBe('Name,Email Address,Phone,Created Date\r\n')
  })
})
