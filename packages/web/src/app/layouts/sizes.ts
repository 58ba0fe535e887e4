export const HEADER_HEIGHT = 64
export const DRAWER_WIDTH = 260
