// The download's failures as the run reports them: the sentence a reader sees (the export logs
// a refused link's message before it asks for a fresh one; a final failure is the step's error)
// and the kind the debug stack trace names.
import { describe, expect, it } from 'vitest'
import { LinkExpiredError } from '../../src/download/errors.js'
import { storeError } from '../../src/download/response.js'
import { storeBody } from '../support/store-body.js'

const LINK = 'https://bundles.example.com:8443/exp_1.zip?X-Amz-Signature=s3cr3t'

/** The error a store's answer becomes, as the download meets it. */
function answer(status: number, body: string): Promise<Error> {
  return storeError(status, storeBody(body), LINK)
}

describe('a refused bundle link', () => {
  it('says the link expired when the store said so', async () => {
    const error = await answer(
      403,
      '<Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>'
    )
    expect(error).toBeInstanceOf(LinkExpiredError)
    expect(error.message).toBe('The bundle link has expired (AccessDenied: Request has expired).')
  })

  it('names the store, never the link’s query, when a 403 may mean something else', async () => {
    const error = await answer(403, '')
    expect(error).toBeInstanceOf(LinkExpiredError)
    expect(error.message).toBe(
      'The store at bundles.example.com:8443 refused the bundle link (HTTP 403).'
    )
  })
})

describe('the kind of failure, as a debug stack trace names it', () => {
  it.each([
    ['LinkExpiredError', () => answer(403, '')],
    ['ObjectChangedError', () => answer(412, '')],
    ['DownloadError', () => answer(500, '')]
  ])('%s', async (kind, make) => {
    const error = await make()
    expect(error.name).toBe(kind)
    expect(error.stack?.split('\n')[0]).toBe(`${kind}: ${error.message}`)
  })
})
