// Standalone emulator: `node test/emulator/cli.ts [flags]`. Prints one JSON line with the
// addresses once ready, logs requests to stderr, and stops on SIGINT/SIGTERM.
import { parseArgs } from 'node:util'
import { startEmulator } from './index.ts'
import type { EmulatorInput, StorageBehaviour } from './types.ts'

const USAGE = `Usage: node test/emulator/cli.ts [options]

  --port N              Admin API port on 127.0.0.1 (default: a free port)
  --storage-port N      object store port (default: a free port)
  --api-key K           the accepted admin key (default: mint_emulator_0123456789abcdef)
  --job-ms N            time from start to completed for export jobs, in ms (default: 750)
  --format F            bundle format: tar.gz, zip or tar (default: tar.gz)
  --pad-mib N           add an incompressible file of N MiB to the bundle (default: 0)
  --bandwidth-mibps N   throttle each download to N MiB/s (default: unlimited)
  --link-ttl-s N        lifetime of a presigned link in seconds (default: 900)
  -h, --help            show this help
`

const MIB = 1024 * 1024
const FORMATS = ['tar.gz', 'zip', 'tar'] as const

class UsageError extends Error {}

function number(flag: string, value: string | undefined, integer: boolean): number | undefined {
  if (value === undefined) return undefined
  const parsed = Number(value)
  if (value.trim() === '' || !Number.isFinite(parsed) || parsed < 0) {
    throw new UsageError(`--${flag} must be a non-negative number, got "${value}"`)
  }
  if (integer && !Number.isInteger(parsed)) {
    throw new UsageError(`--${flag} must be a whole number, got "${value}"`)
  }
  return parsed
}

function format(value: string | undefined): StorageBehaviour['format'] | undefined {
  if (value === undefined) return undefined
  const known = FORMATS.find(f => f === value)
  if (!known) throw new UsageError(`--format must be one of ${FORMATS.join(', ')}, got "${value}"`)
  return known
}

/** Flags to emulator options and listening ports; throws UsageError on anything wrong. */
export function parseCli(args: string[]) {
  const { values } = parseArgs({
    args,
    strict: true,
    allowPositionals: false,
    options: {
      port: { type: 'string' },
      'storage-port': { type: 'string' },
      'api-key': { type: 'string' },
      'job-ms': { type: 'string' },
      format: { type: 'string' },
      'pad-mib': { type: 'string' },
      'bandwidth-mibps': { type: 'string' },
      'link-ttl-s': { type: 'string' },
      help: { type: 'boolean', short: 'h' }
    }
  })
  const jobMs = number('job-ms', values['job-ms'], true)
  const padMib = number('pad-mib', values['pad-mib'], false)
  const bandwidth = number('bandwidth-mibps', values['bandwidth-mibps'], false)
  const ttl = number('link-ttl-s', values['link-ttl-s'], false)
  const options: EmulatorInput = {
    apiKey: values['api-key'],
    // A fifth of the time queued, the rest running, like the defaults (150 + 600).
    export:
      jobMs === undefined
        ? undefined
        : { queuedMs: Math.round(jobMs / 5), runningMs: jobMs - Math.round(jobMs / 5) },
    storage: {
      format: format(values.format),
      padBytes: padMib === undefined ? undefined : Math.round(padMib * MIB),
      bytesPerSecondPerConnection:
        bandwidth === undefined ? undefined : Math.round(bandwidth * MIB),
      linkTtlMs: ttl === undefined ? undefined : Math.round(ttl * 1000)
    }
  }
  return {
    help: values.help === true,
    options,
    apiPort: number('port', values.port, true),
    storagePort: number('storage-port', values['storage-port'], true)
  }
}

async function main(): Promise<void> {
  let cli: ReturnType<typeof parseCli>
  try {
    cli = parseCli(process.argv.slice(2))
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`)
    process.exit(2)
  }
  if (cli.help) {
    process.stdout.write(USAGE)
    return
  }
  const emulator = await startEmulator(cli.options, {
    apiPort: cli.apiPort,
    storagePort: cli.storagePort,
    log: line => process.stderr.write(`[emulator] ${line}\n`)
  })
  const { apiUrl, storageUrl, apiKey } = emulator
  process.stdout.write(`${JSON.stringify({ apiUrl, storageUrl, apiKey })}\n`)

  const stop = (signal: NodeJS.Signals) => {
    process.stderr.write(`[emulator] ${signal}: closing\n`)
    emulator.close().then(
      () => process.exit(0),
      error => {
        process.stderr.write(`[emulator] close failed: ${String(error)}\n`)
        process.exit(1)
      }
    )
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

await main()
