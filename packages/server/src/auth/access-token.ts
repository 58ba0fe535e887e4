import { errors, jwtVerify, SignJWT } from 'jose'

export const ACCESS_TOKEN_SECONDS = 15 * 60

export interface AccessClaims {
  userId: string
  sessionId: string
}

export type VerifyResult = { ok: true; claims: AccessClaims } | { ok: false; expired: boolean }

export async function signAccessToken(key: Uint8Array, claims: AccessClaims): Promise<string> {
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.userId)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_SECONDS}s`)
    .sign(key)
}

/** Tells an expired token (a refresh can help) from a bad one (it cannot). */
export async function verifyAccessToken(key: Uint8Array, token: string): Promise<VerifyResult> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] })
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return { ok: false, expired: false }
    return { ok: true, claims: { userId: payload.sub, sessionId: payload.sid } }
  } catch (error) {
    return { ok: false, expired: error instanceof errors.JWTExpired }
  }
}
