// Inline SVG paths (24×24), so the widget loads nothing but itself.
const svg = (path: string, transform = '') =>
  `<svg viewBox="0 0 24 24" aria-hidden="true"><path d="${path}"${transform ? ` transform="${transform}"` : ''}/></svg>`

export const SEND_ICON = svg('M2 21l21-9L2 3v7l15 2-15 2z')
export const STOP_ICON = svg('M6 6h12v12H6z')
export const CLOSE_ICON = svg(
  'M19 6.4L17.6 5 12 10.6 6.4 5 5 6.4 10.6 12 5 17.6 6.4 19 12 13.4 17.6 19 19 17.6 13.4 12z',
)
export const CHAT_ICON = svg('M20 2H4a2 2 0 00-2 2v18l4-4h14a2 2 0 002-2V4a2 2 0 00-2-2z')
export const ATTACH_ICON = svg(
  'M16.5 6v11.5a4 4 0 01-8 0V5a2.5 2.5 0 015 0v10.5a1 1 0 01-2 0V6H10v9.5a2.5 2.5 0 005 0V5a4 4 0 00-8 0v12.5a5.5 5.5 0 0011 0V6z',
)
export const CLEAR_ICON = svg('M9 3h6l1 2h4v2H4V5h4zM6 9h12l-1 12H7z')
const THUMB = 'M2 10h4v11H2zM8 21h9.5a2 2 0 002-1.6l1.4-7A2 2 0 0019 10h-5.5l.9-4.4A1.6 1.6 0 0012.8 4L8 9z'
export const THUMB_UP_ICON = svg(THUMB)
export const THUMB_DOWN_ICON = svg(THUMB, 'rotate(180 12 12)')
