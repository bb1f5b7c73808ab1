// `npm run demo`: the bundled action's export, end to end, against the local emulator.
import { startEmulator } from '../test/emulator/index.ts'
import { maskedValues, maskText, runAction } from '../test/support/action-runner.ts'

const emulator = await startEmulator()
console.log(`Emulator: Admin API at ${emulator.apiUrl}, object store at ${emulator.storageUrl}\n`)
try {
  const run = await runAction({
    mode: 'export',
    'api-key': emulator.apiKey,
    'base-url': emulator.apiUrl,
    domain: 'https://docs.example.com/',
    extract: 'true',
    'poll-interval': '250ms',
    timeout: '2m'
  })
  // The log as a runner shows it (masked values as ***), its workflow commands as the page shows them.
  console.log(asShown(run.log))
  console.log(`\nThe action exited with code ${run.exitCode}. Outputs:`)
  // Outputs are passed to later steps whole; printed here as a runner would print them.
  const masks = maskedValues(run.rawLog)
  for (const [name, value] of Object.entries(run.outputs)) {
    console.log(`  ${name.padEnd(14)} ${maskText(value, masks)}`)
  }
  console.log(`\nBundle: ${run.outputs['bundle-path'] ?? '(none)'}`)
  console.log(`Site:   ${run.outputs['extract-path'] ?? '(not extracted)'}`)
  console.log(`Job summary (Markdown/HTML): ${run.runnerTemp}/step_summary`)
  process.exitCode = run.exitCode ?? 1
} finally {
  await emulator.close()
}

/** `::notice::x` as "Notice: x", a group's title as "▸ title": what a runner's page shows. */
function asShown(log: string): string {
  return log
    .split('\n')
    .filter(line => line !== '::endgroup::')
    .map(line =>
      line
        .replace(/^::group::/, '▸ ')
        .replace(
          /^::(notice|warning|error)(?: [^:]*)?::/,
          (_, kind: string) => `${kind[0]?.toUpperCase()}${kind.slice(1)}: `
        )
        .replace(/%0A/g, '\n  ')
    )
    .join('\n')
}
