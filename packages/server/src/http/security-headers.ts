import fastifyHelmet from '@fastify/helmet'
import type { FastifyInstance, FastifyReply } from 'fastify'

const SELF = "'self'"

/**
 * The one inline script the app has: index.html's first lines, which pick the dark background
 * before the app's code arrives so the loading shell paints in the user's theme. Allowed by its
 * hash alone; the test beside this file fails when the script changes without this.
 */
export const BOOT_SCRIPT_HASH = "'sha256-nfd+0pNZMDsFHSVPw9Co1Nn2CbteAfrTQY7X1qHHuHc='"

/** What pages of this origin may load: our own files only, and no inline script but the boot script. */
const POLICY: Record<string, string[]> = {
  'default-src': [SELF],
  'script-src': [SELF, BOOT_SCRIPT_HASH],
  'script-src-attr': ["'none'"],
  // MUI (emotion), CodeMirror and notistack insert <style> elements at run time. Threading a
  // nonce through all three would tie the page to per-request HTML for little gain: styles run
  // no code, and scripts stay 'self' only.
  'style-src': [SELF, "'unsafe-inline'"],
  'font-src': [SELF],
  // Chatbot avatars are addresses the flow's owner chose (Flowise configs often point at other
  // hosts); an image runs no code, so any https image may show. Nothing else leaves the origin.
  'img-src': [SELF, 'data:', 'https:'],
  'connect-src': [SELF],
  'object-src': ["'none'"],
  'base-uri': [SELF],
  'form-action': [SELF],
  'frame-ancestors': [SELF],
}

/** The Content-Security-Policy header, with the sites that may show the page in a frame. */
export function contentSecurityPolicy(frameAncestors: string[] = [SELF]): string {
  return Object.entries({ ...POLICY, 'frame-ancestors': frameAncestors })
    .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
    .join('; ')
}

/** Lets the sites named (besides our own) show this answer in a frame. */
export function allowFraming(reply: FastifyReply, frameAncestors: string[]): void {
  reply.header('content-security-policy', contentSecurityPolicy(frameAncestors))
  // Browsers obey frame-ancestors over X-Frame-Options, but an old one may know only the latter.
  // Helmet writes its headers on the raw answer, so that is where this one goes.
  if (frameAncestors.some((source) => source !== SELF)) reply.raw.removeHeader('x-frame-options')
}

// A year, without includeSubDomains: a self-hosted Weft on one name must not force TLS on its neighbours.
const HSTS = 'max-age=31536000'

/**
 * Security headers on every answer: the app's pages, the API and the files. HSTS only on a request
 * that arrived over TLS (directly, or through a proxy trusted by WEFT_TRUST_PROXY), since a plain
 * HTTP install would otherwise lock browsers out of itself.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: false,
    strictTransportSecurity: false,
    // Not helmet's no-referrer: with it a browser sends `Origin: null` on the app's own POSTs,
    // which the flows' allowed-origins check and the cross-site refusal would refuse. Other sites
    // still get the origin alone, never a page's path or query (an account link's token, which
    // the page also takes out of the address bar at once).
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  })
  app.addHook('onRequest', async (request, reply) => {
    reply.header('content-security-policy', contentSecurityPolicy())
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS)
  })
}
