import { makeDocx } from './make-docx.js'
import { makePdf } from './make-pdf.js'

// The files browser tests upload (e2e/fixtures), made by the generators so no binary comes from
// elsewhere. scripts/make-fixtures.mjs writes them; a test checks the written files still match.

/** A staff handbook of three pages, each about one thing, so a search can name its page. */
export const HANDBOOK_PAGES = [
  [
    'Acme Staff Handbook',
    'Welcome to Acme. This handbook covers support, refunds and shipping.',
    'Support answers every ticket within one working day.',
  ],
  [
    'Refund policy: 30 days',
    'Customers may return any product within 30 days of delivery for a full refund.',
    'Refunds are paid back to the original card within 5 working days.',
  ],
  [
    'Shipping',
    'Orders leave the Rotterdam warehouse within 2 working days.',
    'Express delivery costs 12 euros and arrives the next working day.',
  ],
]

export const PRODUCTS_CSV = [
  'sku,name,category,price_eur,stock',
  'A-100,Trail Runner Shoes,Footwear,89.00,42',
  'A-101,Rain Shell Jacket,Clothing,129.00,17',
  'A-102,Merino Base Layer,Clothing,59.00,63',
  'A-103,Ultralight Tent,Camping,249.00,8',
  'A-104,Down Sleeping Bag,Camping,199.00,12',
  'A-105,Headlamp 400,Accessories,34.50,120',
  'A-106,Water Filter Bottle,Accessories,39.00,75',
  'A-107,Trekking Poles,Accessories,69.00,30',
  'A-108,"Camp Stove, Compact",Camping,79.00,25',
  'A-109,Wool Hiking Socks,Clothing,18.00,200',
  '',
].join('\n')

/** Every fixture by file name. */
export function e2eFixtures(): { name: string; bytes: Buffer }[] {
  return [
    { name: 'handbook.pdf', bytes: makePdf(HANDBOOK_PAGES) },
    { name: 'handbook.docx', bytes: makeDocx(HANDBOOK_PAGES.flat()) },
    { name: 'products.csv', bytes: Buffer.from(PRODUCTS_CSV) },
  ]
}
