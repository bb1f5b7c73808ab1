import { mkdtemp, readdir, rm, stat, symlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect } from 'vitest'
import type { Emulator } from '../emulator/index.ts'
import { renderGfm } from '../support/markdown.js'
import { freshLink } from '../support/assertions.js'
import type { FaultCase } from './matrix.ts'

/** The Retry-After date of the HTTP-date case, set when it starts (whole seconds on the wire). */
let retryAfterDate = new Date(0)

const EXPIRED_S3 = '<Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>'

const count = (emu: Emulator, endpoint: string) =>
  emu.requests.filter(r => r.endpoint === endpoint).length

/**
 * A job whose bundle call first answers with its link and `expiresAt` as given (then `more`
 * answers); resolves to the job id.
 */
async function linkExpiringAt(
  emu: Emulator,
  expiresAt: string,
  ...more: Parameters<Emulator['inject']>[1][]
): Promise<string> {
  const { jobId, bundleUrl } = await freshLink(emu)
  const body = JSON.stringify({ jobId, bundleUrl, expiresAt })
  emu.inject('bundle', { kind: 'http', status: 200, body }, ...more)
  return jobId
}

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
    fault: '503 with Retry-After on the start POST',
    mode: 'export',
    expected: 'retried (the server asked); succeeds',
    setup: emu =>
      emu.inject('start', { kind: 'http', status: 503, headers: { 'retry-after': '1' } }),
    outcome: { exitCode: 0 },
    check: ({ emu }) => expect(count(emu, 'start')).toBe(2)
  },
  {
    fault: '503 without Retry-After on the start POST',
    mode: 'export',
    expected: 'not retried (the job may have been queued); fails with a duplicate warning',
    setup: emu => emu.inject('start', { kind: 'http', status: 503 }),
    outcome: { exitCode: 1, message: 'failed with HTTP 503' },
    check: ({ log, emu }) => {
      expect(log).toContain('may exist anyway')
      expect(count(emu, 'start')).toBe(1)
    }
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
    setup: emu => {
      retryAfterDate = new Date(Date.now() + 4000)
      emu.inject('status', {
        kind: 'http',
        status: 429,
        headers: { 'retry-after': retryAfterDate.toUTCString() }
      })
    },
    outcome: { exitCode: 0 },
    // When the action reads the date depends on how fast it starts: the retry's own time, not
    // the wait it logs, shows that the date was honoured (to the second it is written in).
    check: ({ log, emu }) => {
      expect(log).toMatch(/HTTP 429.*Retrying in \d+m?s\./)
      const polls = emu.requests.filter(r => r.endpoint === 'status')
      expect(polls.length).toBeGreaterThanOrEqual(2)
      expect(polls[1]?.at).toBeGreaterThanOrEqual(
        Math.floor(retryAfterDate.getTime() / 1000) * 1000
      )
    }
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
    setup: async emu => ({
      inputs: { 'job-id': await linkExpiringAt(emu, '2000-01-01T00:00:00Z') }
    }),
    outcome: { exitCode: 0 },
    check: ({ log, emu }) => {
      expect(log).toContain(
        'The bundle link expired at 2000-01-01T00:00:00.000Z; asking for a fresh one.'
      )
      expect(count(emu, 'bundle')).toBe(2)
    }
  },
  {
    fault: 'expiresAt already in the past, with download: false (the link goes to Helm)',
    mode: 'export',
    expected: 'hands on a fresh link, not the dead one; succeeds',
    setup: async emu => ({
      inputs: { 'job-id': await linkExpiringAt(emu, '2000-01-01T00:00:00Z'), download: 'false' }
    }),
    outcome: { exitCode: 0 },
    check: ({ log, emu, outputs }) => {
      expect(log).toContain(
        'The bundle link expired at 2000-01-01T00:00:00.000Z; asking for a fresh one.'
      )
      expect(count(emu, 'bundle')).toBe(2)
      expect(Date.parse(outputs['expires-at'] ?? '')).toBeGreaterThan(Date.now())
    }
  },
  {
    fault: 'expiresAt within the minute',
    mode: 'export',
    expected: 'asks for a fresh link first, as for one expired; succeeds',
    setup: async emu => {
      const soon = new Date(Date.now() + 20_000).toISOString()
      return { inputs: { 'job-id': await linkExpiringAt(emu, soon), download: 'false' } }
    },
    outcome: { exitCode: 0 },
    check: ({ log, emu, outputs }) => {
      expect(log).toMatch(/The bundle link expires at \S+; asking for a fresh one\./)
      expect(count(emu, 'bundle')).toBe(2)
      // The link handed on is the fresh one, good for more than the minute.
      expect(Date.parse(outputs['expires-at'] ?? '')).toBeGreaterThan(Date.now() + 60_000)
    }
  },
  {
    fault: 'expiresAt within the minute, and no fresher link to be had',
    mode: 'export',
    expected: 'goes on with the link that still works, with a warning; succeeds',
    setup: async emu => {
      const soon = new Date(Date.now() + 20_000).toISOString()
      const failing = Array.from({ length: 3 }, () => ({ kind: 'http', status: 500 }) as const)
      return { inputs: { 'job-id': await linkExpiringAt(emu, soon, ...failing) } }
    },
    outcome: { exitCode: 0 },
    check: ({ log }) => {
      expect(log).toMatch(/::warning::Could not get a fresher bundle link .*going on with the one/)
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
    fault: 'zip symlink to /etc/passwd',
    mode: 'export',
    expected: 'read as a link from the entry’s mode bits; refused before extraction',
    emulator: {
      storage: {
        format: 'zip',
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
    expected: 'refused at the entry that passes it; nothing left',
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
    // Signalled once the job is started and polled every 30 s: the next poll, or the job's end,
    // would come long after the runner's 25 s kill (exit code null, not 1).
    inputs: { 'poll-interval': '30s' },
    cancelWhen: 'Started export job',
    outcome: { exitCode: 1, message: 'Cancelled by SIGTERM' },
    // About 50 ms here, from the signal (start-up no longer counts).
    check: ({ msFromSignalToExit }) => expect(msFromSignalToExit).toBeLessThan(5000)
  },
  {
    fault: 'SIGTERM mid-download',
    mode: 'export',
    expected: 'stops at once, not at the end of the download; partial file removed; exits 1',
    emulator: { storage: { padBytes: 8 * 1024 * 1024, bytesPerSecondPerConnection: 256 * 1024 } },
    // Signalled once the download has begun (its group opens before the first request).
    cancelWhen: 'Downloading the bundle of export job',
    outcome: { exitCode: 1, message: 'Cancelled by SIGTERM' },
    check: ({ msFromSignalToExit, log }) => {
      expect(log).toContain('Bundle link expires at')
      // 8 MiB at 256 KiB/s a connection: the download alone would take 8 s or more.
      expect(msFromSignalToExit).toBeLessThan(5000)
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

/** Deployments and previews: a trigger is sent once unless it certainly never arrived. */
export const DEPLOYMENT_FAULTS: FaultCase[] = [
  {
    fault: 'reset, 500, 429 and an HTML 502 on deployment status polls',
    mode: 'deploy',
    expected: 'retried and polled through; succeeds, one trigger',
    setup: emu =>
      emu.inject(
        'deploy-status',
        { kind: 'reset' },
        { kind: 'http', status: 500 },
        { kind: 'http', status: 429, headers: { 'retry-after': '1' } },
        { kind: 'html', status: 502 }
      ),
    outcome: { exitCode: 0 },
    check: ({ emu }) => expect(count(emu, 'deploy')).toBe(1)
  },
  {
    fault: 'reset before headers on the deployment trigger',
    mode: 'deploy',
    expected: 'not retried (it may have started); fails saying to look before triggering again',
    setup: emu => emu.inject('deploy', { kind: 'reset' }),
    outcome: { exitCode: 1, message: 'so a deployment may have started; it was not sent again' },
    check: ({ emu }) => expect(count(emu, 'deploy')).toBe(1)
  },
  {
    fault: '503 with Retry-After on the deployment trigger',
    mode: 'deploy',
    expected: 'not retried (a 503 may follow work done); fails saying to look first',
    setup: emu =>
      emu.inject('deploy', { kind: 'http', status: 503, headers: { 'retry-after': '1' } }),
    outcome: { exitCode: 1, message: 'so a deployment may have started' },
    check: ({ emu }) => expect(count(emu, 'deploy')).toBe(1)
  },
  {
    fault: 'deployment status poll stalls longer than request-timeout',
    mode: 'deploy',
    expected: 'retried after 1s; succeeds',
    inputs: { 'request-timeout': '1s' },
    setup: emu => emu.inject('deploy-status', { kind: 'stall', ms: 4000 }),
    outcome: { exitCode: 0 }
  },
  {
    fault: 'deployment status answers of the wrong shape',
    mode: 'deploy',
    expected: 'fails after max-poll-errors, naming the field',
    inputs: { 'max-poll-errors': '2' },
    setup: emu =>
      emu.inject(
        'deploy-status',
        ...Array.from({ length: 10 }, () => ({ kind: 'wrong-shape' as const }))
      ),
    outcome: { exitCode: 1, message: 'field `status` is a number (expected string)' }
  },
  {
    fault: '429 with Retry-After on the preview trigger',
    mode: 'preview',
    expected: 'retried (refused, never run); succeeds, two triggers',
    setup: emu =>
      emu.inject('preview', { kind: 'http', status: 429, headers: { 'retry-after': '1' } }),
    outcome: { exitCode: 0 },
    check: ({ emu, outputs }) => {
      expect(count(emu, 'preview')).toBe(2)
      expect(outputs['preview-url']).toMatch(/^https:\/\//)
    }
  },
  {
    fault: 'preview status 404 for a moment after the trigger',
    mode: 'preview',
    expected: 'polled again within not-found-grace; succeeds',
    setup: emu =>
      emu.inject(
        'deploy-status',
        { kind: 'http', status: 404, body: '{"error":"not found"}' },
        { kind: 'http', status: 404, body: '{"error":"not found"}' }
      ),
    outcome: { exitCode: 0 }
  },
  {
    fault: 'preview failed, its summary and log written to steer the runner and the comment',
    mode: 'preview',
    expected: 'fails with the summary quoted; no command, mention or image comes of it',
    emulator: {
      deployments: {
        outcome: 'failure',
        failureSummary:
          '::error::pwned @acme/admins ![x](https://evil.example/x.png)\n::stop-commands::t'
      }
    },
    setup: async (_emu, side) => side.pullRequest(),
    outcome: { exitCode: 1, message: /Preview \w+ failed: : :error::pwned / },
    check: ({ side, summary }) => {
      const body = side.github?.comments[0]?.body ?? ''
      expect(body).toContain('Mintlify preview failed')
      const html = renderGfm(body) + renderGfm(summary)
      expect(html).not.toContain('<img')
      expect(html).not.toMatch(/@acme/)
    }
  }
]

/** Where a job id of `../../…` would have led, beside the run's RUNNER_TEMP. */
const PWNED_FOLDER = `mintlify-pwned-${process.pid}`

/** `text` with every character as a JSON `\\uXXXX` escape, as a server may echo it. */
const jsonEscaped = (text: string) =>
  [...text].map(c => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')

const renderedSummary = renderGfm

/** Answers a client could make of a hostile server, one class of defect each (issue: Hostile answers). */
export const HOSTILE_ANSWERS: FaultCase[] = [
  {
    fault: 'export failed, its reason quoting a presigned link the run never received',
    mode: 'export',
    expected: 'fails with the reason; the link’s signature in neither the log nor the summary',
    setup: emu => {
      const failed = JSON.stringify({
        jobId: 'x',
        status: 'failed',
        error:
          'copy to https://other-bucket.s3.amazonaws.com/o.zip?X-Amz-Signature=f00dfeedcafe0123456789 failed'
      })
      emu.inject('status', { kind: 'http', status: 200, body: failed })
    },
    outcome: {
      exitCode: 1,
      message:
        /failed: copy to https:\/\/other-bucket\.s3\.amazonaws\.com\/o\.zip\?X-Amz-Signature=\*\*\* failed/
    },
    check: ({ rawLog, summary }) => {
      for (const text of [rawLog, summary]) expect(text).not.toContain('f00dfeedcafe0123456789')
    }
  },
  {
    fault: 'export status with a line break and `::set-output`, then `::stop-commands::`',
    mode: 'export',
    expected: 'quoted on one line, no command run, the real link output; succeeds',
    setup: async emu => {
      const { jobId } = await freshLink(emu)
      const status = (text: string) => ({
        kind: 'http' as const,
        status: 200,
        body: JSON.stringify({ jobId, status: text, progress: 50 })
      })
      emu.inject(
        'status',
        status('warming\n::set-output name=bundle-url::https://evil.example/x.zip'),
        status('warming\r\n::stop-commands::pwned')
      )
      return { inputs: { 'job-id': jobId } }
    },
    outcome: { exitCode: 0 },
    check: ({ outputs, log, emu }) => {
      expect(outputs['bundle-url']).toMatch(new RegExp(`^${emu.storageUrl}/`))
      expect(log).toContain('reports status "warming ::set-output name=bundle-url::')
    }
  },
  {
    fault: 'start answer whose jobId is `../../folder`',
    mode: 'export',
    expected: 'refused as no id before any folder is made; fails naming the field',
    setup: async emu => {
      // Everything else answers as if that job existed, so only the id check can stop it.
      const { bundleUrl } = await freshLink(emu)
      emu.inject('start', {
        kind: 'http',
        status: 202,
        body: JSON.stringify({ jobId: `../../${PWNED_FOLDER}`, status: 'completed' })
      })
      emu.inject('status', {
        kind: 'http',
        status: 200,
        body: JSON.stringify({ status: 'completed' })
      })
      emu.inject('bundle', {
        kind: 'http',
        status: 200,
        body: JSON.stringify({ bundleUrl, expiresAt: '2030-01-01T00:00:00Z' })
      })
    },
    outcome: { exitCode: 1, message: 'field `jobId` is not an id' },
    check: async ({ runnerTemp }) => {
      // `../../x` from RUNNER_TEMP/mintlify-export is a sibling of RUNNER_TEMP.
      expect(await readdir(join(runnerTemp, '..'))).not.toContain(PWNED_FOLDER)
      expect(await readdir(runnerTemp)).not.toContain('mintlify-export')
    }
  },
  {
    fault: 'agent model and repository with a blank line and Markdown images',
    mode: 'agent-watch',
    expected: 'each stays in its table cell: nothing renders as an image; succeeds',
    setup: emu =>
      emu.inject('agent', {
        kind: 'http',
        status: 200,
        body: JSON.stringify({
          id: 'job_1',
          status: 'completed',
          model: 'm\n\n![x](https://evil.example/model.png)',
          source: { repository: 'r\n\n<img src="https://evil.example/repo.png">', ref: 'main' },
          prLink: 'https://github.com/acme/docs/pull/42'
        })
      }),
    outcome: { exitCode: 0 },
    check: ({ summary }) => {
      const html = renderedSummary(summary)
      expect(html).toContain('<table>')
      expect(html).not.toMatch(/<img/i)
    }
  },
  {
    fault: 'someone else’s PR comment that carries the action’s marker',
    mode: 'agent-watch',
    expected: 'left alone; the action posts its own comment; succeeds',
    setup: async (_emu, side) => {
      const pr = await side.pullRequest()
      side.github?.addComment(
        '<!-- mintlify-admin-action:agent:proj_1:job_1 -->\nquoted by a reviewer',
        'mallory'
      )
      return pr
    },
    outcome: { exitCode: 0 },
    check: ({ side, log }) => {
      const comments = side.github?.comments ?? []
      expect(comments.map(c => c.user.login)).toEqual(['mallory', 'github-actions[bot]'])
      expect(comments[0]?.body).toContain('quoted by a reviewer')
      expect(log).not.toContain('Could not comment')
    }
  },
  {
    fault: 'error body that echoes the key JSON-escaped and URL-encoded, with a PR comment',
    mode: 'export',
    expected: 'the key in neither form reaches the comment, the summary or the log',
    setup: async (emu, side) => {
      const pr = await side.pullRequest()
      const encoded = encodeURIComponent(emu.apiKey).replace(/_/g, '%5F')
      emu.inject('status', {
        kind: 'http',
        status: 400,
        body: `{"error":"Bad header: Bearer ${jsonEscaped(emu.apiKey)} (${encoded})"}`
      })
      return pr
    },
    outcome: { exitCode: 1, message: 'Bad header: Bearer *** (***)' },
    check: ({ side, summary, emu }) => {
      const comment = side.github?.comments[0]?.body ?? ''
      expect(comment).toContain('Bad header: Bearer \\*\\*\\*')
      for (const text of [comment, summary]) expect(text).not.toContain(emu.apiKey.slice(5))
    }
  },
  {
    fault: 'store redirect to a loopback host with userinfo',
    mode: 'export',
    expected: 'not followed (no request reaches it); fails naming the rule',
    setup: async (emu, side) => {
      const other = await side.recorder(200)
      const { jobId } = await freshLink(emu)
      emu.inject('download', {
        kind: 'redirect',
        location: other.url.replace('//', '//user:pw@') + '/b.tar.gz'
      })
      return { inputs: { 'job-id': jobId } }
    },
    outcome: {
      exitCode: 1,
      message: /redirected \(HTTP 302\) to .* must not carry credentials; not followed/
    },
    check: ({ side, log }) => {
      expect(side.recorders[0]?.requests).toEqual([])
      expect(log).not.toContain('user:pw')
    }
  },
  {
    fault: 'plain-http redirect of the store to another host',
    mode: 'export',
    expected: 'not followed (the link would travel in clear); fails naming the rule',
    setup: async emu => {
      const { jobId } = await freshLink(emu)
      emu.inject('download', {
        kind: 'redirect',
        location: 'http://storage.example.com/b.tar.gz?X-Amz-Signature=0123456789abcdef'
      })
      return { inputs: { 'job-id': jobId } }
    },
    outcome: {
      exitCode: 1,
      message:
        'uses plain http to storage.example.com, which would send the link in clear; not followed'
    }
  },
  {
    fault: 'link whose credential is an Azure `sig`, echoed in a store error',
    mode: 'export',
    expected: 'the `sig` value is masked and scrubbed everywhere; one fresh link; succeeds',
    setup: async emu => {
      const { jobId, bundleUrl } = await freshLink(emu)
      const sig = 'AzureSasSig0123456789%2Babc%3D'
      emu.inject('bundle', {
        kind: 'http',
        status: 200,
        body: JSON.stringify({
          bundleUrl: `${bundleUrl}&sig=${sig}`,
          expiresAt: '2030-01-01T00:00:00Z'
        })
      })
      emu.inject('download', {
        kind: 'http',
        status: 403,
        body: `<Error><Code>AuthenticationFailed</Code><Message>Signature sig=${decodeURIComponent(sig)} did not match</Message></Error>`
      })
      return { inputs: { 'job-id': jobId } }
    },
    outcome: { exitCode: 0 },
    check: ({ log, rawLog, summary }) => {
      expect(log).toMatch(
        /refused the bundle link \(AuthenticationFailed: Signature sig=\*\*\* did not match\)/
      )
      const shown = rawLog.split('\n').filter(line => !line.startsWith('::add-mask::'))
      for (const text of [log, shown.join('\n'), summary])
        expect(text).not.toContain('AzureSasSig0123456789')
    }
  },
  {
    fault: 'bundleUrl holding a line break',
    mode: 'export',
    expected: 'refused before any download (masked and used would differ); fails clearly',
    setup: async emu => {
      const { jobId, bundleUrl } = await freshLink(emu)
      emu.inject('bundle', {
        kind: 'http',
        status: 200,
        body: JSON.stringify({
          bundleUrl: `${bundleUrl}\n::set-output name=x::y`,
          expiresAt: '2030-01-01T00:00:00Z'
        })
      })
      return { inputs: { 'job-id': jobId } }
    },
    outcome: { exitCode: 1, message: 'holds a space, a line break, a control character' },
    check: ({ emu, outputs }) => {
      expect(count(emu, 'download')).toBe(0)
      expect(outputs['bundle-url']).toBeUndefined()
    }
  },
  {
    fault: 'store refuses the connection',
    mode: 'export',
    expected: 'retried; fails naming the host, what happened and what to check',
    setup: async emu => {
      // Port 1 (tcpmux): nothing listens there, and no server of a parallel test can be given
      // it (they take ports from the ephemeral range), so connections are refused every time. A
      // port just closed could be handed to another test's server between two attempts.
      const { jobId, bundleUrl } = await freshLink(emu)
      const link = new URL(bundleUrl)
      emu.inject('bundle', {
        kind: 'http',
        status: 200,
        body: JSON.stringify({
          bundleUrl: `http://127.0.0.1:1${link.pathname}${link.search}`,
          expiresAt: '2030-01-01T00:00:00Z'
        })
      })
      return { inputs: { 'job-id': jobId } }
    },
    outcome: {
      exitCode: 1,
      message:
        /Downloading the bundle from 127\.0\.0\.1:\d+ failed: the connection was refused .*\[ECONNREFUSED\]\. Check the runner's network path/
    }
  },
  {
    fault: 'archive that cannot be written (a file, then a file below it)',
    mode: 'export',
    expected: 'fails naming the entry, the folder and what to do; nothing left',
    emulator: {
      storage: {
        extraEntries: [
          { name: 'clash', type: 'file', content: 'a file' },
          { name: 'clash/below.html', type: 'file', content: 'under a file' }
        ]
      }
    },
    inputs: { extract: 'true' },
    outcome: {
      exitCode: 1,
      message:
        /Extracting the bundle into .+\/site failed at `clash\/below\.html`: a file stands where a folder of that path should be\..*set `extract: false`/
    },
    check: async ({ runnerTemp }) => {
      const paths = await readdir(runnerTemp, { recursive: true })
      expect(paths.filter(path => path.endsWith('/site'))).toEqual([])
    }
  }
]

const RADOSGW_EXPIRED = '<Error><Code>AccessDenied</Code><Message></Message></Error>'

/** What real stores do that the emulator did not show at first (issue: Real object stores). */
export const STORE_QUIRKS: FaultCase[] = [
  {
    fault:
      'store ignores If-Range; the object is replaced (same size) between a cut and the resume',
    mode: 'export',
    expected: 'the new bytes are never joined to the old: fresh link, started over; succeeds',
    emulator: {
      storage: {
        format: 'tar',
        ignoreIfRange: true,
        extraEntries: [{ name: 'version.txt', type: 'file', content: 'first ' }]
      }
    },
    setup: emu =>
      emu.inject('download', {
        kind: 'cut',
        afterBytes: 1500,
        beforeCut: () => {
          emu.options.storage.extraEntries = [
            { name: 'version.txt', type: 'file', content: 'second' }
          ]
        }
      }),
    outcome: { exitCode: 0 },
    check: async ({ emu, outputs, log }) => {
      expect(log).toMatch(
        /The bundle changed in the store during the download \(its ETag is "\w+", was "\w+"\)/
      )
      const now = await emu.bundleFile(outputs['job-id'] as string)
      expect(outputs['bundle-sha256']).toBe(now.sha256)
      const ranges = emu.requests
        .filter(r => r.endpoint === 'download')
        .map(r => r.headers.range ?? '')
      expect(ranges).toEqual(['', 'bytes=1500-', ''])
    }
  },
  {
    fault:
      'store ignores If-Range; the object is replaced by a larger one between a cut and the resume',
    mode: 'export',
    expected: 'fresh link, whose size is expected from then on; started over; succeeds',
    emulator: { storage: { ignoreIfRange: true } },
    setup: emu =>
      emu.inject('download', {
        kind: 'cut',
        afterBytes: 1500,
        beforeCut: () => {
          emu.options.storage.padBytes = 4096
        }
      }),
    outcome: { exitCode: 0 },
    check: async ({ emu, outputs, log }) => {
      expect(log).toContain('The bundle changed in the store during the download')
      const now = await emu.bundleFile(outputs['job-id'] as string)
      expect(Number(outputs['bundle-size'])).toBe(now.size)
      expect(outputs['bundle-sha256']).toBe(now.sha256)
    }
  },
  {
    fault: 'download slower than what is left of the step’s timeout',
    mode: 'export',
    expected: 'stops at the deadline, not at the end of the download; fails naming the phase',
    emulator: { storage: { padBytes: 48 * 1024 * 1024, bytesPerSecondPerConnection: 1024 * 1024 } },
    inputs: { timeout: '4s' },
    outcome: {
      exitCode: 1,
      message:
        /Timed out after 4s downloading the bundle of export job (se_\w+) \(last seen: completed[^)]*\)\. Increase `timeout`\. The export itself finished: run the step again with `job-id: \1` for a fresh link/
    },
    // 48 MiB at 1 MiB/s a connection takes 12 s over four: without the deadline reaching the
    // download, it would finish and the step succeed, so the outcome says it (no clock needed).
    // The job is done: nothing is still running, so the summary says the step failed.
    check: ({ summary }) => {
      expect(summary).toContain('❌ Mintlify static export failed')
      expect(summary).not.toContain('still running')
    }
  },
  {
    fault: 'status poll that never answers, with request-timeout longer than the step',
    mode: 'export',
    expected: 'the step’s timeout ends the request itself; fails naming the phase',
    inputs: { timeout: '3s', 'request-timeout': '60s' },
    setup: emu => emu.inject('status', { kind: 'stall', ms: 20_000 }),
    outcome: { exitCode: 1, message: /Timed out after 3s waiting for export job se_\w+/ },
    // The stalled answer would come after 20 s (and request-timeout allows 60 s); the poll loop
    // would then time out with the same words, so the time tells them apart: half-way to it.
    check: ({ elapsedMs }) => expect(elapsedMs).toBeLessThan(10_000)
  },
  {
    fault: 'bundle of another size than the API announced',
    mode: 'export',
    expected: 'not trusted: fails, the file removed',
    setup: async emu => {
      const { jobId, bundleUrl } = await freshLink(emu)
      const { size } = await emu.bundleFile(jobId)
      emu.inject('bundle', {
        kind: 'http',
        status: 200,
        body: JSON.stringify({ bundleUrl, sizeBytes: size + 1, expiresAt: '2030-01-01T00:00:00Z' })
      })
      return { inputs: { 'job-id': jobId } }
    },
    outcome: {
      exitCode: 1,
      message: /The bundle has \d+ bytes but the API announced \d+; the download is not trusted\./
    },
    check: async ({ runnerTemp, outputs }) => {
      expect(
        await readdir(join(runnerTemp, 'mintlify-export', outputs['job-id'] as string))
      ).toEqual([])
    }
  },
  {
    fault: 'fresh link after an expiry that is plain http to another host',
    mode: 'export',
    expected: 'refused like the first link; fails clearly',
    setup: emu => {
      emu.inject('download', { kind: 'http', status: 403, body: EXPIRED_S3 })
      emu.inject(
        'bundle',
        { kind: 'stall', ms: 0 },
        {
          kind: 'http',
          status: 200,
          body: JSON.stringify({
            bundleUrl: 'http://storage.example.com/b.tar.gz?X-Amz-Signature=0123456789abcdef',
            expiresAt: '2030-01-01T00:00:00Z'
          })
        }
      )
    },
    outcome: {
      exitCode: 1,
      message: 'uses plain http to storage.example.com, which would send the link in clear'
    }
  },
  {
    fault: 'store answers 403 with an empty message (radosgw’s expired link)',
    mode: 'export',
    expected: 'taken for a refused link: one fresh link; succeeds',
    setup: emu => emu.inject('download', { kind: 'http', status: 403, body: RADOSGW_EXPIRED }),
    outcome: { exitCode: 0 },
    check: ({ emu }) => expect(count(emu, 'bundle')).toBe(2)
  },
  {
    fault: 'store refuses the link and the fresh one with 403 AccessDenied',
    mode: 'export',
    expected: 'fails after one fresh link, with the store’s code and host',
    setup: emu =>
      emu.inject(
        'download',
        { kind: 'http', status: 403, body: RADOSGW_EXPIRED },
        { kind: 'http', status: 403, body: RADOSGW_EXPIRED }
      ),
    outcome: {
      exitCode: 1,
      message: /The store at localhost:\d+ refused the bundle link \(AccessDenied\)\./
    },
    check: ({ emu }) => expect(count(emu, 'bundle')).toBe(2)
  }
]

/** Bad inputs, in both modes: each one message naming the input; the API is never called. */
export const BAD_INPUTS: Array<{
  mode: 'export' | 'agent-watch'
  inputs: Record<string, string>
  message: string
  /** Text that must appear nowhere the runner shows, add-mask lines aside. */
  hidden?: string
}> = [
  {
    mode: 'export',
    inputs: { 'base-url': 'http://deploy:hunter2secret@api.example.com' },
    message: 'Input `base-url` (`http://***@api.example.com/`) must not carry credentials',
    hidden: 'hunter2secret'
  },
  {
    mode: 'export',
    inputs: { 'artifact-content': 'pages' },
    message:
      'Input `artifact-content` is set, but `upload-artifact` is not `true`: set `upload-artifact: true`'
  },
  {
    mode: 'export',
    inputs: { 'retention-days': '7' },
    message: 'Input `retention-days` is set, but `upload-artifact` is not `true`'
  },
  {
    mode: 'export',
    inputs: { domain: 'docs.example.com:443' },
    message: 'Input `domain` (`docs.example.com:443`) has a port (443); give the host name only.'
  },
  {
    mode: 'export',
    inputs: { 'job-id': '../../some/folder' },
    message: 'Input `job-id` (`../../some/folder`) is not an id'
  },
  {
    mode: 'agent-watch',
    inputs: { 'project-id': 'proj/../../x' },
    message: 'Input `project-id` (`proj/../../x`) is not an id'
  },
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
