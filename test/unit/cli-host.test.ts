import { PassThrough } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { cliHost, downloadLine, downloadSpeed } from '../../src/cli/host.js'

/** A stream that says it is a terminal, and keeps what was written. */
function terminal(isTTY: boolean) {
  const stream = Object.assign(new PassThrough(), { isTTY, columns: 100, rows: 30 })
  let written = ''
  stream.on('data', (chunk: Buffer) => (written += chunk.toString()))
  return { stream: stream as unknown as NodeJS.WriteStream, written: () => written }
}

describe('the CLI’s terminal', () => {
  it('shows a live line on a TTY, and gives it back when done', async () => {
    const { stream, written } = terminal(true)
    const host = await cliHost({ verbose: false, stream })
    host.progress?.({ kind: 'job', line: 'Export job se_1: running · 40% · 5 pages' })
    host.info('Bundle link expires at 2026-11-23T21:00:00.000Z.')
    host.progress?.({ kind: 'job', line: 'Export job se_1: running · 80% · 9 pages' })
    host.progress?.({ kind: 'done' })
    const text = written()
    expect(text).toContain('Export job se_1: running · 40% · 5 pages')
    expect(text).toContain('Bundle link expires at 2026-11-23T21:00:00.000Z.\n')
    expect(text).toContain('Export job se_1: running · 80% · 9 pages')
    // Erased (ANSI: cursor up / erase line) rather than left in the log.
    expect(text).toContain('\u001b[2K')
  })

  it('writes plain lines only, and no progress, when stderr is not a terminal', async () => {
    const { stream, written } = terminal(false)
    const host = await cliHost({ verbose: false, stream })
    expect(host.progress).toBeUndefined()
    host.warning('careful')
    host.debug('hidden')
    expect(written()).toBe('warning: careful\n')
  })

  it('says bytes, share, speed and time left', () => {
    expect(
      downloadLine({ receivedBytes: 45 * 1048576, totalBytes: 90 * 1048576 }, 9 * 1048576)
    ).toBe('Downloading 45.0 MiB of 90.0 MiB (50%) · 9.0 MiB/s · about 5s left')
    expect(downloadLine({ receivedBytes: 1048576, totalBytes: undefined }, undefined)).toBe(
      'Downloading 1.0 MiB'
    )
  })

  it('measures speed over a window of recent steps', () => {
    let clock = 0
    const speed = downloadSpeed(() => clock, 5000)
    expect(speed(0)).toBeUndefined()
    clock = 1000
    expect(speed(10)).toBe(10)
    clock = 10_000
    // The early, slow samples fell out of the window.
    expect(speed(1010)).toBeCloseTo(1000 / 9, 5)
  })
})
