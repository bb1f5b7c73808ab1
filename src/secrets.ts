import * as core from '@actions/core'

/** Query parameters that make a presigned link work (S3, GCS, Azure SAS, CloudFront). */
const CREDENTIAL_PARAMS = [
  'x-amz-signature',
  'x-amz-security-token',
  'x-amz-credential',
  'x-goog-signature',
  'x-goog-credential',
  'signature',
  'sig',
  'policy',
  'key-pair-id',
  'token'
]

/** The credential values in a presigned link, raw and as they appear URL-encoded. */
export function linkSecrets(link: string): string[] {
  let url: URL
  try {
    url = new URL(link)
  } catch {
    return []
  }
  const secrets = new Set<string>()
  for (const [name, value] of url.searchParams) {
    if (!CREDENTIAL_PARAMS.includes(name.toLowerCase()) || value.length < 8) continue
    secrets.add(value)
    secrets.add(encodeURIComponent(value))
  }
  const raw = /[?&]([^=&#]+)=([^&#]*)/g
  for (const [, name, value] of url.search.matchAll(raw)) {
    if (
      CREDENTIAL_PARAMS.includes(decodeURIComponent(name as string).toLowerCase()) &&
      (value as string).length >= 8
    ) {
      secrets.add(value as string)
    }
  }
  return [...secrets]
}

/**
 * Registers a link's signature as a secret, so that logs show `***` in its place. Call it
 * before anything could print the link: a runner masks only lines written after it learns a value.
 */
export function maskLink(link: string): void {
  for (const secret of linkSecrets(link)) core.setSecret(secret)
}

/** The link without its query, for messages that must name the object but not carry the signature. */
export function redactLink(link: string): string {
  try {
    const url = new URL(link)
    return `${url.origin}${url.pathname}${url.search ? '?…' : ''}`
  } catch {
    return '(not a URL)'
  }
}
