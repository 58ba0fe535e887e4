// Where a saved tool's icon may come from. The web shows it as an image source, so only addresses
// that load an image: never javascript:, file: or other schemes a browser would act on differently.

export const TOOL_ICON_SRC_MAX = 2000

const WEB_ADDRESS = /^https?:\/\/[^\s/?#]+[^\s]*$/i
const SERVER_PATH = /^\/(?!\/)[^\s]*$/
const IMAGE_DATA = /^data:image\/[a-z0-9.+-]+(;[a-z0-9=.+-]+)*,[^\s]*$/i

/** True for an http(s) address, a path on this server (`/…`, not `//host`) or a `data:image/…` URL. */
export const isToolIconSrc = (src: string): boolean =>
  src.length <= TOOL_ICON_SRC_MAX && (WEB_ADDRESS.test(src) || SERVER_PATH.test(src) || IMAGE_DATA.test(src))
