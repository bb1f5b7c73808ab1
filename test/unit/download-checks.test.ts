import { describe, expect, it } from 'vitest'
import { announcedSha256 } from '../../src/download/download.js'
import { LinkExpiredError, ObjectChangedError } from '../../src/download/errors.js'
import {
  conditionalHeaders,
  rangedAnswerProblem,
  strongValidator
} from '../../src/download/ranges.js'
import { storeError } from '../../src/download/response.js'
import { storeBody } from '../support/store-body.js'

const ETAG = '"9b2cf535f27731c974343645a3985328"'
const identity = { validator: ETAG, totalBytes: 1000 }

describe('a 206 is checked before a byte of it is written', () => {
  const answer = (contentRange: string, etag = ETAG) => ({ contentRange, etag })
  it('passes the asked part of the same object', () => {
    expect(
      rangedAnswerProblem(answer('bytes 200-999/1000'), { start: 200, end: undefined }, identity)
    ).toBeUndefined()
    expect(
      rangedAnswerProblem(answer('bytes 200-299/1000'), { start: 200, end: 299 }, identity)
    ).toBeUndefined()
  })
  it.each([
    ['another ETag', answer('bytes 200-999/1000', '"0000"'), 'changed'],
    ['no ETag', { contentRange: 'bytes 200-999/1000' }, 'changed'],
    ['a weak ETag of the same value', answer('bytes 200-999/1000', `W/${ETAG}`), 'changed'],
    ['another total', answer('bytes 200-1999/2000'), 'changed'],
    ['a start one byte off', answer('bytes 201-999/1000'), 'range'],
    ['a shorter part than asked', answer('bytes 200-998/1000'), 'range'],
    ['no Content-Range', { etag: ETAG }, 'range']
  ])('refuses %s', (_what, headers, kind) =>
    expect(rangedAnswerProblem(headers, { start: 200, end: undefined }, identity)?.kind).toBe(kind)
  )
  it('compares Last-Modified when that was the validator', () => {
    const since = { validator: 'Mon, 23 Nov 2026 20:00:00 GMT', totalBytes: 1000 }
    const range = { start: 0, end: 99 }
    expect(
      rangedAnswerProblem(
        { contentRange: 'bytes 0-99/1000', lastModified: since.validator },
        range,
        since
      )
    ).toBeUndefined()
    expect(
      rangedAnswerProblem(
        { contentRange: 'bytes 0-99/1000', lastModified: 'Mon, 23 Nov 2026 20:00:01 GMT' },
        range,
        since
      )?.kind
    ).toBe('changed')
  })
  it('asks stores to refuse another object: If-Match beside If-Range, or If-Unmodified-Since', () => {
    expect(conditionalHeaders(ETAG)).toEqual({ 'if-range': ETAG, 'if-match': ETAG })
    expect(conditionalHeaders('Mon, 23 Nov 2026 20:00:00 GMT')).toEqual({
      'if-range': 'Mon, 23 Nov 2026 20:00:00 GMT',
      'if-unmodified-since': 'Mon, 23 Nov 2026 20:00:00 GMT'
    })
    expect(conditionalHeaders(undefined)).toEqual({})
  })
})

describe('what a store’s refusal means', () => {
  const said = (status: number, body: string) =>
    storeError(status, storeBody(body), 'https://bucket.example.com/b.zip?sig=x')
  it.each([
    [
      'S3 "Request has expired"',
      403,
      '<Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>',
      true
    ],
    [
      'radosgw’s empty message',
      403,
      '<Error><Code>AccessDenied</Code><Message></Message></Error>',
      false
    ],
    [
      'Azure’s AuthenticationFailed',
      403,
      '<Error><Code>AuthenticationFailed</Code><Message>Signed expiry time must be after signed start time</Message></Error>',
      false
    ],
    [
      'an expired session token',
      400,
      '<Error><Code>ExpiredToken</Code><Message>The provided token has expired.</Message></Error>',
      true
    ]
  ])('%s asks for a fresh link', async (_what, status, body, certain) => {
    const error = await said(status, body)
    expect(error).toBeInstanceOf(LinkExpiredError)
    expect((error as LinkExpiredError).certain).toBe(certain)
    if (!certain)
      expect(error.message).toMatch(/^The store at bucket\.example\.com refused the bundle link \(/)
  })
  it.each([
    [412, '<Error><Code>PreconditionFailed</Code></Error>'],
    [416, '<Error><Code>InvalidRange</Code></Error>']
  ])('HTTP %i means the object changed', async (status, body) =>
    expect(await said(status, body)).toBeInstanceOf(ObjectChangedError)
  )
})

describe('the checksum a store announces', () => {
  const full = Buffer.alloc(32, 7).toString('base64')
  it('is used when it is of the whole object', () => {
    expect(announcedSha256(full)).toBe(Buffer.alloc(32, 7).toString('hex'))
    expect(announcedSha256(full, 'FULL_OBJECT')).toBe(Buffer.alloc(32, 7).toString('hex'))
  })
  it('is never compared when it is a multipart composite', () => {
    expect(announcedSha256(`${full}-12`)).toBeUndefined()
    expect(announcedSha256(full, 'COMPOSITE')).toBeUndefined()
  })
  it('is ignored when it is not 32 bytes', () =>
    expect(announcedSha256('c2hvcnQ=')).toBeUndefined())
})

describe('validators', () => {
  it('takes a strong ETag, never a weak one (it cannot validate a byte range)', () => {
    expect(strongValidator(ETAG)).toBe(ETAG)
    expect(strongValidator(`W/${ETAG}`)).toBeUndefined()
    expect(strongValidator(undefined)).toBeUndefined()
  })
  it('takes none it could not send back as written', () => {
    expect(strongValidator('"caf\u00e9"')).toBeUndefined()
    expect(strongValidator('"a b"')).toBeUndefined()
    expect(strongValidator('"a\u0001"')).toBeUndefined()
    expect(strongValidator('"!~"')).toBe('"!~"')
  })
})
