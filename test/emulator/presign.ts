// S3-style presigned links: query-string auth, signed with a secret that is random per emulator.
import { createHmac, timingSafeEqual } from 'node:crypto'

export interface PresignedLink {
  url: string
  /** date + X-Amz-Expires: the same instant the link stops working. */
  expiresAt: Date
}

export type LinkCheck = 'ok' | 'bad-signature' | 'expired'

/** 20250101T120000Z: what X-Amz-Date carries (whole seconds). */
export function amzDate(at: Date): string {
  return at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')
}

function parseAmzDate(text: string): number | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(text)
  if (!m) return null
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number
  ]
  return Date.UTC(year, month - 1, day, hour, minute, second)
}

function sign(secret: Buffer, path: string, date: string, expires: string): string {
  return createHmac('sha256', secret).update(`${path}\n${date}\n${expires}`).digest('hex')
}

/** A link to `path` on `base`, valid for `ttlMs` (rounded to whole seconds) from now. */
export function presign(
  base: string,
  path: string,
  secret: Buffer,
  now: number,
  ttlMs: number
): PresignedLink {
  const signedAt = new Date(Math.floor(now / 1000) * 1000)
  const date = amzDate(signedAt)
  const expires = String(Math.max(0, Math.round(ttlMs / 1000)))
  const query = new URLSearchParams({
    'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
    'X-Amz-Credential': `EMULATOR/${date.slice(0, 8)}/us-east-1/s3/aws4_request`,
    'X-Amz-Date': date,
    'X-Amz-Expires': expires,
    'X-Amz-SignedHeaders': 'host',
    'X-Amz-Signature': sign(secret, path, date, expires)
  })
  return {
    url: `${base}${path}?${query}`,
    expiresAt: new Date(signedAt.getTime() + Number(expires) * 1000)
  }
}

/** Checks the signature first (a tampered expiry must not pass), then the expiry. */
export function checkLink(
  path: string,
  query: URLSearchParams,
  secret: Buffer,
  now: number
): LinkCheck {
  const date = query.get('X-Amz-Date') ?? ''
  const expires = query.get('X-Amz-Expires') ?? ''
  const given = query.get('X-Amz-Signature') ?? ''
  if (query.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256' || !/^[0-9a-f]{64}$/.test(given)) {
    return 'bad-signature'
  }
  const expected = sign(secret, path, date, expires)
  if (!timingSafeEqual(Buffer.from(given, 'hex'), Buffer.from(expected, 'hex'))) {
    return 'bad-signature'
  }
  const signedAt = parseAmzDate(date)
  if (signedAt === null || !/^\d+$/.test(expires)) return 'bad-signature'
  return now >= signedAt + Number(expires) * 1000 ? 'expired' : 'ok'
}
