import { mkdtemp, readdir, rm, stat, symlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect } from 'vitest'
import type { Emulator } from '../emulator/index.ts'
import { freshLink } from '../support/assertions.js'
import type { FaultCase } from './matrix.ts'

const EXPIRED_S3 = '<Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>'

const count = (emu: Emulator, endpoint: string) =>
  emu.requests.filter(r => r.endpoint === endpoint).length

export const SERVICE_FAULTS: FaultCase[] = [
  {
    fault: 'reset before headers on status polls (×2)',
    mode: 'export',
    expected: 'retried; succeeds',
    setup: emu => emu.inject('status', { kind: 'reset' }, { kind: 'reset' }),
    outcome: { exitCode: 0 }
  },
  {
    fault: 'reset before headers on the start POST',
    mode: 'export',
    expected: 'not retried (the job may exist); fails with a duplicate warning',
    setup: emu => emu.inject('start', { kind: 'reset' }),
    outcome: {
      exitCode: 1,
      message: /POST \/v1\/static-export\/jobs failed: could not reach the Admin API/
    },
    check: ({ log, emu }) => {
      expect(log).toContain('may exist anyway')
      expect(count(emu, 'start')).toBe(1)
    }
  },
  {
    fault: '503 on the start POST',
    mode: 'export',
    expected: 'retried (the server asked); succeeds',
    setup: emu => emu.inject('start', { kind: 'http', status: 503 }),
    outcome: { exitCode: 0 },
    check: ({ emu }) => expect(count(emu, 'start')).toBe(2)
  },
  {
    fault: '500 on the start POST',
    mode: 'export',
    expected: 'not retried; fails naming the service, with a duplicate warning',
    setup: emu => emu.inject('start', { kind: 'http', status: 500 }),
    outcome: { exitCode: 1, message: 'failed with HTTP 500' },
    check: ({ log, emu }) => {
      expect(log).toContain('may exist anyway')
      expect(count(emu, 'start')).toBe(1)
    }
  },
  {
    fault: 'status poll stalls longer than request-timeout',
    mode: 'export',
    expected: 'taken for a reset after 1s; retried; succeeds',
    inputs: { 'request-timeout': '1s' },
    setup: emu => emu.inject('status', { kind: 'stall', ms: 4000 }),
    outcome: { exitCode: 0 },
    check: ({ log }) => expect(log).toContain('no response headers in time')
  },
  {
    fault: '5xx burst on status polls (500, 502 HTML, 503, 504, 500)',
    mode: 'export',
    expected: 'retried and polled through; succeeds',
    setup: emu =>
      emu.inject(
        'status',
        { kind: 'http', status: 500 },
        { kind: 'html', status: 502 },
        { kind: 'http', status: 503 },
        { kind: 'http', status: 504 },
        { kind: 'http', status: 500 }
      ),
    outcome: { exitCode: 0 }
  },
  {
    fault: '429 with Retry-After: 3 (seconds)',
    mode: 'export',
    // Longer than the 2 s a 429 waits anyway, so only the header explains the wait.
    expected: 'waits 3s as told; succeeds',
    setup: emu =>
      emu.inject('status', { kind: 'http', status: 429, headers: { 'retry-after': '3' } }),
    outcome: { exitCode: 0 },
    check: ({ elapsedMs, log }) => {
      expect(elapsedMs).toBeGreaterThanOrEqual(3000)
      expect(log).toContain('Retrying in 3s.')
    }
  },
  {
    fault: '429 with Retry-After as an HTTP date',
    mode: 'export',
    expected: 'waits until that date; succeeds',
    setup: emu =>
      emu.inject('status', {
        kind: 'http',
        status: 429,
        headers: { 'retry-after': new Date(Date.now() + 4000).toUTCString() }
      }),
    outcome: { exitCode: 0 },
    check: ({ log }) => expect(log).toMatch(/HTTP 429.*Retrying in [34]s\./)
  },
  {
    fault: 'malformed JSON, then an empty body, on status polls',
    mode: 'export',
    expected: 'counted as failed polls; polled through; succeeds',
    setup: emu => emu.inject('status', { kind: 'malformed-json' }, { kind: 'empty' }),
    outcome: { exitCode: 0 },
    check: ({ log }) => {
      expect(log).toContain('the body is not JSON')
      expect(log).toContain('the body is empty')
    }
  },
  {
    fault: 'JSON of the wrong shape on every status poll',
    mode: 'export',
    expected: 'fails after max-poll-errors, naming the field',
    inputs: { 'max-poll-errors': '2' },
    setup: emu =>
      emu.inject('status', ...Array.from({ length: 10 }, () => ({ kind: 'wrong-shape' as const }))),
    outcome: { exitCode: 1, message: 'field `status` is a number (expected string)' }
  },
  {
    fault: 'a 2 MiB status body',
    mode: 'export',
    expected: 'refused unread past 1 MiB; polled through; succeeds',
    setup: emu =>
      emu.inject('status', {
        kind: 'http',
        status: 200,
        body: JSON.stringify({ status: 'running', pad: 'x'.repeat(2 * 1024 * 1024) })
      }),
    outcome: { exitCode: 0 },
    check: ({ log }) => expect(log).toContain('larger than 1048576 bytes')
  },
  {
    fault: 'an error body that echoes the Authorization header',
    mode: 'export',
    expected: 'the key is cut from the quoted message, not just masked by the runner',
    setup: emu =>
      emu.inject('status', {
        kind: 'http',
        status: 400,
        body: JSON.stringify({ error: `Bad header: Bearer ${emu.apiKey}` })
      }),
    outcome: { exitCode: 1, message: 'Bad header: Bearer ***' },
    check: ({ emu, rawLog }) => {
      const shown = rawLog.split('\n').filter(line => !line.startsWith('::add-mask::'))
      expect(shown.join('\n')).not.toContain(emu.apiKey)
    }
  },
  {
    fault: '409 on the bundle call (not finished yet) ×2',
    mode: 'export',
    expected: 'waited out; succeeds',
    setup: emu =>
      emu.inject(
        'bundle',
        { kind: 'http', status: 409, body: '{"error":"not completed"}' },
        { kind: 'http', status: 409, body: '{"error":"not completed"}' }
      ),
    outcome: { exitCode: 0 },
    check: ({ emu }) => expect(count(emu, 'bundle')).toBe(3)
  },
  {
    fault: 'reset on the bundle call',
    mode: 'export',
    expected: 'retried (it only hands out a link); succeeds',
    setup: emu => emu.inject('bundle', { kind: 'reset' }),
    outcome: { exitCode: 0 }
  },
  {
    fault: 'redirect from the Admin API to another host',
    mode: 'export',
    expected: 'not followed (the key stays home); fails clearly',
    setup: async (emu, side) => {
      const other = await side.recorder(200)
      emu.inject('status', { kind: 'redirect', location: `${other.url}/v1/static-export/jobs/x` })
    },
    outcome: { exitCode: 1, message: 'does not follow so that the key is never sent elsewhere' },
    check: ({ side }) => expect(side.recorders[0]?.requests).toEqual([])
  },
  {
    fault: 'bundleUrl that is not a URL',
    mode: 'export',
    expected: 'fails clearly before any download',
    setup: emu =>
      emu.inject('bundle', {
        kind: 'http',
        status: 200,
        body: '{"bundleUrl":"bundle.tar.gz","expiresAt":"2030-01-01T00:00:00Z"}'
      }),
    outcome: { exitCode: 1, message: 'is not an absolute URL; refusing to download it' }
  },
  {
    fault: 'bundleUrl with plain http to a non-loopback host',
    mode: 'export',
    expected: 'refused (the link would travel in clear)',
    setup: emu =>
      emu.inject('bundle', {
        kind: 'http',
        status: 200,
        body: '{"bundleUrl":"http://storage.example.com/b.tar.gz?X-Amz-Signature=abcdef0123456789","expiresAt":"2030-01-01T00:00:00Z"}'
      }),
    outcome: {
      exitCode: 1,
      message: 'uses plain http to storage.example.com, which would send the link in clear'
    },
    check: ({ log }) => expect(log).not.toContain('abcdef0123456789')
  },
  {
    fault: 'expiresAt already in the past',
    mode: 'export',
    expected: 'asks for a fresh link first; succeeds',
    setup: async emu => {
      const { jobId, bundleUrl } = await freshLink(emu)
      emu.inject('bundle', {
        kind: 'http',
        status: 200,
        body: JSON.stringify({ jobId, bundleUrl, expiresAt: '2000-01-01T00:00:00Z' })
      })
      return { inputs: { 'job-id': jobId } }
    },
    outcome: { exitCode: 0 },
    check: ({ log, emu }) => {
      expect(log).toContain(
        'The bundle link expired at 2000-01-01T00:00:00.000Z; asking for a fresh one.'
      )
      expect(count(emu, 'bundle')).toBe(2)
    }
  },
  {
    fault: 'expiresAt that is not a time',
    mode: 'export',
    expected: 'warns and downloads at once; succeeds',
    setup: async emu => {
      const { jobId, bundleUrl } = await freshLink(emu)
      emu.inject('bundle', {
        kind: 'http',
        status: 200,
        body: JSON.stringify({ jobId, bundleUrl, expiresAt: 'soon' })
      })
      return { inputs: { 'job-id': jobId } }
    },
    outcome: { exitCode: 0 },
    check: ({ log }) => expect(log).toContain('expiresAt (`soon`) is not a time')
  },
  {
    fault: 'download reset before headers',
    mode: 'export',
    expected: 'retried; succeeds',
    setup: emu => emu.inject('download', { kind: 'reset' }),
    outcome: { exitCode: 0 }
  },
  {
    fault: 'download cut mid-body (Content-Length correct, body short)',
    mode: 'export',
    expected: 'resumed with Range/If-Range from the bytes on disk; succeeds',
    setup: emu => emu.inject('download', { kind: 'cut', afterBytes: 1500 }),
    outcome: { exitCode: 0 },
    check: ({ emu }) => {
      const ranged = emu.requests.filter(r => r.endpoint === 'download' && r.headers.range)
      expect(ranged.map(r => [r.headers.range, Boolean(r.headers['if-range'])])).toEqual([
        ['bytes=1500-', true]
      ])
    }
  },
  {
    fault: 'download cut mid-body, store ignores Range',
    mode: 'export',
    expected: 'restarts from byte 0; succeeds',
    emulator: { storage: { acceptRanges: false } },
    setup: emu => emu.inject('download', { kind: 'cut', afterBytes: 1500 }),
    outcome: { exitCode: 0 },
    check: ({ log }) => expect(log).toContain('starting over')
  },
  {
    fault: 'download stalls mid-body longer than request-timeout',
    mode: 'export',
    expected: 'taken for a cut after 1s; resumed; succeeds',
    inputs: { 'request-timeout': '1s' },
    setup: emu => emu.inject('download', { kind: 'stall-body', afterBytes: 1000, ms: 5000 }),
    outcome: { exitCode: 0 },
    check: ({ log }) => expect(log).toContain('the store stopped sending data')
  },
  {
    fault: 'download with flipped bytes (checksum mismatch)',
    mode: 'export',
    expected: 'fails; the corrupt file is removed',
    setup: emu => emu.inject('download', { kind: 'corrupt' }),
    outcome: { exitCode: 1, message: 'differs from the one the store announced' }
  },
  {
    fault: 'store answers 403 "Request has expired"',
    mode: 'export',
    expected: 'asks the API for a fresh link; succeeds',
    setup: emu => emu.inject('download', { kind: 'http', status: 403, body: EXPIRED_S3 }),
    outcome: { exitCode: 0 },
    check: ({ emu }) => expect(count(emu, 'bundle')).toBe(2)
  },
  {
    fault: 'store answers 403 "Request has expired" to every link',
    mode: 'export',
    expected: 'fails after 3 fresh links',
    setup: emu =>
      emu.inject(
        'download',
        ...Array.from({ length: 6 }, () => ({
          kind: 'http' as const,
          status: 403,
          body: EXPIRED_S3
        }))
      ),
    outcome: {
      exitCode: 1,
      message: 'The bundle link has expired (AccessDenied: Request has expired)'
    },
    check: ({ emu }) => expect(count(emu, 'bundle')).toBe(4)
  },
  {
    fault: 'store redirects to another host',
    mode: 'export',
    expected: 'followed, with no Authorization header anywhere; succeeds',
    setup: async emu => {
      const { jobId, bundleUrl } = await freshLink(emu)
      // Same object, other host name: 127.0.0.1 instead of localhost.
      emu.inject('download', {
        kind: 'redirect',
        location: bundleUrl.replace('//localhost:', '//127.0.0.1:')
      })
      return { inputs: { 'job-id': jobId } }
    },
    outcome: { exitCode: 0 },
    check: ({ emu }) => {
      const downloads = emu.requests.filter(r => r.endpoint === 'download')
      expect(downloads.length).toBe(2)
      for (const request of downloads) expect(request.headers.authorization).toBeUndefined()
    }
  },
  {
    fault: 'archive entry `../evil.txt` (path traversal)',
    mode: 'export',
    expected: 'refused before extraction; nothing written outside',
    emulator: {
      storage: { extraEntries: [{ name: '../evil.txt', type: 'file', content: 'pwned' }] }
    },
    inputs: { extract: 'true' },
    outcome: {
      exitCode: 1,
      message:
        'The bundle is unsafe to extract: `../evil.txt` points outside the extraction folder.'
    },
    check: async ({ runnerTemp, outputs }) => {
      const jobFolder = join(runnerTemp, 'mintlify-export', outputs['job-id'] as string)
      expect(await readdir(jobFolder)).toEqual(['bundle.tar.gz'])
      await expect(stat(join(jobFolder, '..', 'evil.txt'))).rejects.toThrow()
    }
  },
  {
    fault: 'archive symlink to /etc/passwd',
    mode: 'export',
    expected: 'refused before extraction',
    emulator: {
      storage: {
        extraEntries: [{ name: 'assets/passwd', type: 'symlink', linkTarget: '/etc/passwd' }]
      }
    },
    inputs: { extract: 'true' },
    outcome: {
      exitCode: 1,
      message: 'link `assets/passwd` → `/etc/passwd` targets an absolute path'
    }
  },
  {
    fault: 'archive link that climbs out through another link',
    mode: 'export',
    expected: 'refused before extraction',
    emulator: {
      storage: {
        // Read as text, `out` stays inside (a/secret); through `up` it is four folders above.
        extraEntries: [
          { name: 'a/b/c/d/up', type: 'symlink', linkTarget: '../../../../x' },
          { name: 'out', type: 'symlink', linkTarget: 'a/b/c/d/up/../../../../secret' }
        ]
      }
    },
    inputs: { extract: 'true' },
    outcome: { exitCode: 1, message: 'goes through the link `a/b/c/d/up`' },
    check: async ({ runnerTemp }) => {
      const paths = await readdir(runnerTemp, { recursive: true })
      expect(paths.filter(path => path.endsWith('/site'))).toEqual([])
    }
  },
  {
    fault: 'zip entry climbing out with `../../x`',
    mode: 'export',
    expected: 'refused before extraction',
    emulator: {
      storage: {
        format: 'zip',
        extraEntries: [{ name: 'a/../../x.html', type: 'file', content: 'x' }]
      }
    },
    inputs: { extract: 'true' },
    outcome: { exitCode: 1, message: '`a/../../x.html` points outside the extraction folder' }
  },
  {
    fault: 'archive larger than extract-limit (bomb guard)',
    mode: 'export',
    expected: 'refused before extraction',
    emulator: { storage: { padBytes: 3 * 1024 * 1024 } },
    inputs: { extract: 'true', 'extract-limit': '1MiB' },
    outcome: { exitCode: 1, message: 'would extract to more than 1048576 bytes' }
  },
  {
    fault: 'zip whose header understates an entry (bomb in disguise)',
    mode: 'export',
    expected: 'refused before extraction',
    emulator: {
      storage: {
        format: 'zip',
        // 8 MiB of zeros deflate to a few KiB; the headers claim 1000 bytes.
        extraEntries: [
          {
            name: 'big.bin',
            type: 'file',
            content: Buffer.alloc(8 * 1024 * 1024),
            declaredSize: 1000
          }
        ]
      }
    },
    inputs: { extract: 'true', 'extract-limit': '1MiB' },
    outcome: {
      exitCode: 1,
      message: '`big.bin` does not inflate to the 1000 bytes its header declares'
    },
    check: async ({ runnerTemp }) => {
      const paths = await readdir(runnerTemp, { recursive: true })
      expect(paths.filter(path => path.endsWith('big.bin'))).toEqual([])
    }
  },
  {
    fault: 'SIGTERM while polling (workflow cancelled)',
    mode: 'export',
    expected: 'stops at once, not at the next poll or the job end; exits 1',
    emulator: { export: { runningMs: 60_000 } },
    cancelAfterMs: 1500,
    outcome: { exitCode: 1, message: 'Cancelled by SIGTERM' },
    // About 50 ms here; the bound leaves room for a loaded runner, far below the job's 60 s.
    check: ({ elapsedMs }) => expect(elapsedMs - 1500).toBeLessThan(3000)
  },
  {
    fault: 'SIGTERM mid-download',
    mode: 'export',
    expected: 'stops at once, not at the end of the download; partial file removed; exits 1',
    emulator: { storage: { padBytes: 8 * 1024 * 1024, bytesPerSecondPerConnection: 1024 * 1024 } },
    cancelAfterMs: 2500,
    outcome: { exitCode: 1, message: 'Cancelled by SIGTERM' },
    check: ({ elapsedMs, log }) => {
      expect(log).toContain('Bundle link expires at')
      // 8 MiB at 1 MiB/s: the download alone would take 8 s.
      expect(elapsedMs - 2500).toBeLessThan(3000)
    }
  },
  {
    fault: 'reset, 500, 429 and an HTML 502 on agent polls',
    mode: 'agent-watch',
    expected: 'retried and polled through; succeeds',
    setup: emu =>
      emu.inject(
        'agent',
        { kind: 'reset' },
        { kind: 'http', status: 500 },
        { kind: 'http', status: 429, headers: { 'retry-after': '1' } },
        { kind: 'html', status: 502 }
      ),
    outcome: { exitCode: 0 }
  },
  {
    fault: 'disk full while writing the bundle',
    mode: 'export',
    expected: 'not retried; fails naming `path`, partial file removed',
    setup: async () => {
      // The bundle's part file leads to /dev/full, where every write fails with ENOSPC.
      const path = await mkdtemp(join(tmpdir(), 'disk-full-'))
      await symlink('/dev/full', join(path, 'bundle.part'))
      return { inputs: { path }, cleanup: () => rm(path, { recursive: true, force: true }) }
    },
    outcome: {
      exitCode: 1,
      message:
        /Writing the bundle to .+bundle\.part failed \(ENOSPC: no space left on device.*free space and permissions of `path`/
    },
    check: async ({ log, emu }) => {
      expect(count(emu, 'download')).toBe(1)
      expect(log).not.toContain('Download interrupted')
      const path = /Writing the bundle to (.+)\/bundle\.part failed/.exec(log)?.[1] as string
      expect(await readdir(path)).toEqual([])
    }
  },
  {
    fault: 'agent poll stalls longer than request-timeout',
    mode: 'agent-watch',
    expected: 'retried after 1s; succeeds',
    inputs: { 'request-timeout': '1s' },
    setup: emu => emu.inject('agent', { kind: 'stall', ms: 4000 }),
    outcome: { exitCode: 0 }
  },
  {
    fault: 'agent answers of the wrong shape',
    mode: 'agent-watch',
    expected: 'fails after max-poll-errors, naming the field',
    inputs: { 'max-poll-errors': '2' },
    setup: emu =>
      emu.inject('agent', ...Array.from({ length: 10 }, () => ({ kind: 'wrong-shape' as const }))),
    outcome: { exitCode: 1, message: 'field `status` is a number (expected string)' }
  }
]

/** Bad inputs, in both modes: each one message naming the input; the API is never called. */
export const BAD_INPUTS: Array<{
  mode: 'export' | 'agent-watch'
  inputs: Record<string, string>
  message: string
}> = [
  { mode: 'export', inputs: { 'api-key': '' }, message: 'Input `api-key` is required' },
  { mode: 'export', inputs: { 'api-key': '   ' }, message: 'Input `api-key` is required' },
  {
    mode: 'export',
    inputs: { domain: '   ' },
    message: 'Input `domain` is required in export mode'
  },
  { mode: 'export', inputs: { domain: 'docs example com' }, message: 'is not a valid host name' },
  {
    mode: 'export',
    inputs: { wait: 'yes' },
    message: 'Input `wait` is `yes`: expected `true` or `false`.'
  },
  {
    mode: 'export',
    inputs: { timeout: '-5s' },
    message: 'Input `timeout` is `-5s`: expected a duration'
  },
  {
    mode: 'export',
    inputs: { timeout: '100h' },
    message: 'Input `timeout` is `100h`: it must be between 1s and 24h.'
  },
  {
    mode: 'export',
    inputs: { 'poll-interval': '0s' },
    message: 'Input `poll-interval` is `0s`: it must be between'
  },
  {
    mode: 'export',
    inputs: { 'request-timeout': 'fast' },
    message: 'Input `request-timeout` is `fast`'
  },
  {
    mode: 'export',
    inputs: { 'max-poll-errors': '-1' },
    message: 'Input `max-poll-errors` is `-1`: expected a whole number'
  },
  {
    mode: 'export',
    inputs: { 'extract-limit': 'huge' },
    message: 'Input `extract-limit` is `huge`: expected a size'
  },
  {
    mode: 'export',
    inputs: { 'deployment-kind': 'moon' },
    message: 'Input `deployment-kind` is `moon`: expected one of'
  },
  {
    mode: 'export',
    inputs: { 'upload-artifact': 'true', 'retention-days': '365' },
    message: 'Input `retention-days` is `365`'
  },
  {
    mode: 'export',
    inputs: { 'base-url': 'not a url' },
    message: 'Input `base-url` (`not a url`) is not an absolute URL'
  },
  {
    mode: 'export',
    inputs: { 'base-url': 'http://api.example.com' },
    message: 'would send the admin key in clear'
  },
  {
    mode: 'export',
    inputs: { 'base-url': 'ftp://api.example.com' },
    message: 'uses ftp: (only https: is supported)'
  },
  {
    mode: 'agent-watch',
    inputs: { 'project-id': '' },
    message: 'Input `project-id` is required in this mode'
  },
  {
    mode: 'agent-watch',
    inputs: { 'job-id': ' ' },
    message: 'Input `job-id` is required in this mode'
  },
  {
    mode: 'agent-watch',
    inputs: { 'not-found-grace': '-1s' },
    message: 'Input `not-found-grace` is `-1s`'
  },
  { mode: 'agent-watch', inputs: { 'require-pr': 'yes' }, message: 'Input `require-pr` is `yes`' },
  {
    mode: 'agent-watch',
    inputs: { 'poll-interval': 'soon' },
    message: 'Input `poll-interval` is `soon`'
  },
  {
    mode: 'agent-watch',
    inputs: { 'base-url': 'http://10.0.0.1' },
    message: 'would send the admin key in clear'
  },
  { mode: 'agent-watch', inputs: { 'api-key': '' }, message: 'Input `api-key` is required' }
]
