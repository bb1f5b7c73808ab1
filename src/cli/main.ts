import { Command, CommanderError, Option } from 'commander'
import { readFileSync } from 'node:fs'
import { chmod, writeFile } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { log, secrets, useHost } from '../log.js'
import { CancelledError, TimedOutError } from '../modes/errors.js'
import { runDeps } from '../modes/mode.js'
import { MODE_NAMES, MODES, modeOf, readSettings, type ModeName } from '../modes/modes.js'
import { maskSecretInputs } from '../settings/common.js'
import { SettingsError } from '../settings/reader.js'
import { fileProblem, makeFolder } from '../util/folders.js'
import { cliHost } from './host.js'
import { runFolder, type RunFolder } from './run-folder.js'
import {
  cliInputs,
  flagInputs,
  flagTakenAsValue,
  helmValuesFile,
  inFlagWords,
  KEY_VARIABLES,
  readApiKey,
  settingsInFlagWords,
  UsageError
} from './inputs.js'
import { messageOf } from '../util/errors.js'

/** Read and written by the owner only (on Windows, by whom the folder allows). */
const OWNER_ONLY = 0o600

/** Documented in `--help` and the README. */
export const EXIT = {
  ok: 0,
  /**
   * The job or a check failed (a failed or never-found job or deployment, an air-gapped audit),
   * or the run could not finish (a refused request, an unreachable API, an unwritten output).
   */
  failed: 1,
  /** Bad usage or input: nothing was started. */
  usage: 2,
  /** `--timeout` ran out; the job goes on on the server, or an export's bundle was not fetched. */
  timedOut: 3,
  interrupted: 130
} as const

const EXIT_HELP = `
Exit codes:
  0    success
  1    the job or a check failed (failed export, agent job or deployment, an export job,
       agent job or deployment status never found, an air-gapped audit), or the run could
       not finish (the API refused a request or could not be reached, an output could
       not be written)
  2    bad usage or input: nothing was started
  3    --timeout ran out: the job goes on on the server (follow it again with --job-id,
       a deployment or a preview with --status-id), or an export finished but its
       bundle was not fetched in time (--job-id gets a fresh link)
  130  interrupted (SIGINT or SIGTERM)

The admin key is read from ${KEY_VARIABLES.join(' or ')}, --api-key-file or --api-key-stdin,
never from a flag.`

interface CliOptions {
  json?: boolean
  outputEnv?: string
  summary?: string
  helmValues?: string
  apiKeyFile?: string
  apiKeyStdin?: boolean
  verbose?: boolean
  apiKey?: string
  [flag: string]: unknown
}

/**
 * A usage error as commander words it, less what may be the key: the value of a mistyped
 * option (`--apikey=mint_…`), arguments left over (`--api-key-stdin "$KEY"`: that flag takes
 * no value), anything spelled like an admin key, and the key in the environment.
 */
function withoutSecrets(text: string): string {
  return secrets.scrub(
    text
      .replace(/(unknown option '[^'=]*)=[^']*'/g, "$1=…'")
      .replace(
        /(but got \d+)(: [\s\S]*?)?\.?(\n?)$/,
        '$1 (not shown: one may be a secret).$3'
      )
      .replace(/\bmint_[\w-]+/g, 'mint_***')
  )
}

/**
 * The installed package's version, from its package.json beside the bundle's folder: the
 * bundle itself carries no copy that a release could forget to update.
 */
function packageVersion(): string {
  try {
    // Through a variable: webpack would make a literal `new URL(…, import.meta.url)` an asset.
    const bundle = import.meta.url
    const manifest = JSON.parse(readFileSync(new URL('../package.json', bundle), 'utf8'))
    if (manifest.name === 'mintlify-admin' && typeof manifest.version === 'string') {
      return manifest.version
    }
  } catch {
    // Not run from the package (a test calling main()): no version to tell.
  }
  return 'unknown'
}

/** Runs `mintlify-admin <argv>` and resolves to the exit code; never throws. */
export async function main(
  argv: readonly string[],
  env: NodeJS.ProcessEnv = process.env
): Promise<number> {
  // Known before the command line is read: a usage error may quote it.
  for (const name of KEY_VARIABLES) {
    const key = env[name]?.trim()
    if (key) secrets.add(key, 'credential')
  }
  let chosen: { mode: ModeName; options: CliOptions } | undefined
  const program = cliProgram((mode, options) => {
    chosen = { mode, options }
  })
  try {
    await program.parseAsync(argv, { from: 'user' })
  } catch (error) {
    if (error instanceof CommanderError) {
      // `commander.help` is help asked for (`help export`, exit code 0) or shown for a missing
      // subcommand (a usage error, exit code 1).
      const helped =
        error.code === 'commander.helpDisplayed' ||
        error.code === 'commander.version' ||
        (error.code === 'commander.help' && error.exitCode === 0)
      if (helped) return EXIT.ok
      // A job that reads `--json` from stdout gets the error there too, not an empty file.
      if (argv.includes('--json'))
        await printJson({ error: withoutSecrets(error.message.replace(/^error: /, '')) })
      return EXIT.usage
    }
    throw error
  }
  if (!chosen) {
    process.stderr.write(program.helpInformation())
    return EXIT.usage
  }
  return runCommand(chosen.mode, chosen.options, env, argv.includes('--json'))
}

/** The command line: one subcommand per mode, its flags from the input declarations. */
export function cliProgram(onRun: (mode: ModeName, options: CliOptions) => void): Command {
  const program = new Command('mintlify-admin')
    .description(
      "Mintlify's Admin API from any CI: static exports, agent jobs, deployments and previews."
    )
    .addHelpText('after', EXIT_HELP)
    .version(packageVersion(), '-V, --version', 'Print the version.')
    .exitOverride()
    .configureOutput({ outputError: (text, write) => write(withoutSecrets(text)) })
  for (const name of MODE_NAMES) {
    const command = program.command(name).description(MODES[name].summary)
    addModeOptions(command, name)
    if (name === 'export') {
      command.option(
        '--helm-values <file>',
        'Write the values file for `helm upgrade -f` here, readable by you only (on Windows, by whom the folder allows): it holds the bundle link. Without it, none is written.'
      )
    }
    command.action((options: CliOptions) => onRun(name, options))
  }
  return program
}

function addModeOptions(command: Command, mode: ModeName): void {
  for (const input of cliInputs(mode)) {
    // Written for the action (`wait: false`): said in flags here (`--no-wait`).
    const help = settingsInFlagWords(input.cliDescription ?? input.description)
    if (input.kind === 'flag') {
      // "`false` stops after starting it": the action's value is this flag's `--no-` form.
      const flagHelp = help.replaceAll('`false`', `\`--no-${input.name}\``)
      command.addOption(new Option(`--${input.name}`, flagHelp).default(input.default === 'true'))
      command.addOption(new Option(`--no-${input.name}`, `Not --${input.name}.`))
      continue
    }
    const option = new Option(`--${input.name} <${input.kind === 'list' ? 'items' : 'value'}>`, help)
    if (input.default) option.default(input.default)
    if (input.kind === 'list') {
      option.argParser((value: string, previous: string[] | string | undefined) =>
        Array.isArray(previous) ? [...previous, value] : [value]
      )
    }
    command.addOption(option)
  }
  command
    .option('--json', 'Print one JSON object of the outputs on stdout (plus `error` on failure).')
    .option('--output-env <file>', 'Write the outputs as dotenv lines (MINTLIFY_JOB_ID=…).')
    .option('--summary <file>', 'Write the Markdown summary the action would write.')
    .option('--api-key-file <path>', 'Read the admin key from this file.')
    .option('--api-key-stdin', 'Read the admin key from standard input.')
    .option('--verbose', 'Show debug lines.')
    // Refused, with a reason: a flag would leave the key in process lists and shell history.
    .addOption(new Option('--api-key <key>').hideHelp())
}

/** `jsonAsked`: `--json` stands on the command line, though another flag may have taken it. */
async function runCommand(
  mode: ModeName,
  options: CliOptions,
  env: NodeJS.ProcessEnv,
  jsonAsked: boolean
): Promise<number> {
  // DEBUG=express:* and the like are other tools' switches: only ours turns debug lines on.
  useHost(await cliHost({ verbose: options.verbose === true || env.DEBUG === 'mintlify-admin' }))
  const controller = new AbortController()
  const interrupt = (signal: NodeJS.Signals) =>
    controller.abort(
      new CancelledError(
        `Interrupted by ${signal}: this run stopped; anything it started on Mintlify goes on.`
      )
    )
  // Kept on after the first: a second Ctrl-C while the run removes its files must not end the
  // process before it has (Node's default for a signal nobody listens to).
  process.on('SIGINT', interrupt)
  process.on('SIGTERM', interrupt)
  let folder: RunFolder | undefined
  let outputs: Record<string, string | number> = {}
  try {
    if (options.apiKey !== undefined) {
      throw new UsageError(
        `--api-key is not accepted: a flag leaves the key in process lists and shell history. Set ${KEY_VARIABLES[0]} (or ${KEY_VARIABLES[1]}), or use --api-key-file or --api-key-stdin.`
      )
    }
    flagTakenAsValue(options)
    // Before anything starts: a typo in a file's path found after a long export is found late.
    for (const [flag, path] of [
      ['--output-env', options.outputEnv],
      ['--summary', options.summary]
    ] as const) {
      const problem = path && fileProblem(path)
      if (problem) throw new UsageError(`${flag} ${path} ${problem}: give the path of a file the run may write.`)
    }
    const apiKey = await readApiKey(options, env, controller.signal)
    const inputs = flagInputs(mode, options, apiKey)
    maskSecretInputs(inputs)
    if (!apiKey) {
      throw new UsageError(
        `No admin key: set ${KEY_VARIABLES[0]} (or ${KEY_VARIABLES[1]}), or use --api-key-file or --api-key-stdin.`
      )
    }
    folder = await runFolder(env)
    // Relative paths are from where the command runs.
    const read = readSettings(inputs, {
      ...env,
      GITHUB_WORKSPACE: process.cwd(),
      RUNNER_TEMP: folder.path
    })
    // A CI job's later steps or jobs cannot be expected to find a file in a temp folder: the
    // Helm values (with the link) are written where they are asked for, or not at all.
    const settings =
      read.mode === 'export'
        ? { ...read, helmValuesFile: helmValuesFile(options.helmValues, read) }
        : read
    const deps = runDeps(settings, controller.signal, 'mintlify-admin-cli')
    const modeRun = modeOf(settings)
    const { report, error } = await modeRun.run(settings, deps)
    log.progress({ kind: 'done' })
    outputs = modeRun.outputs(report)
    if (error) log.error(inFlagWords(error.message))
    let unwritten = await writeFiles([
      [
        options.summary,
        '--summary',
        () => modeRun.summaryMarkdown(report, error && inFlagWordsError(error))
      ],
      // Owner-only, like the Helm values: it holds the bundle link.
      [options.outputEnv, '--output-env', () => dotenvFile(outputs), OWNER_ONLY]
    ])
    if (options.json) {
      // The run's own error first; a file that could not be written fails an otherwise good run.
      const failure = error ? inFlagWords(error.message) : unwritten
      const said = failure ? { error: secrets.scrub(failure) } : {}
      const lost = await printJson({ ...outputs, ...said })
      unwritten ??= lost
    }
    if (error) {
      if (controller.signal.aborted) return EXIT.interrupted
      return error instanceof TimedOutError ? EXIT.timedOut : EXIT.failed
    }
    // A CI job reads these files next: a run that could not write them did not succeed.
    return unwritten === undefined ? EXIT.ok : EXIT.failed
  } catch (error) {
    const message = messageOf(error)
    const usage = error instanceof SettingsError || error instanceof UsageError
    log.error(inFlagWords(message))
    // `--domain --json` gave --json to --domain: the job that asked for it still reads stdout.
    if (options.json || jsonAsked)
      await printJson({ error: secrets.scrub(inFlagWords(message)) })
    if (controller.signal.aborted) return EXIT.interrupted
    return usage ? EXIT.usage : EXIT.failed
  } finally {
    const kept = await folder?.leave(outputs)
    if (kept) {
      log.info(
        `${kept} holds files the outputs name: it is this run's own and is kept; remove it when done, or give --path.`
      )
    }
    // Only now: a signal while the folder is removed would end the process midway.
    process.off('SIGINT', interrupt)
    process.off('SIGTERM', interrupt)
  }
}

/**
 * `--json`'s one line on stdout. A stdout that cannot take it (a full disk behind `> out.json`)
 * is an error line, and gives its message: the outputs a job reads next are not there. A reader
 * that closed the pipe (`| head`) chose to read no more: no failure.
 */
function printJson(value: object): Promise<string | undefined> {
  return new Promise(resolve => {
    process.stdout.write(`${JSON.stringify(value)}\n`, error => {
      const code = (error as NodeJS.ErrnoException | null | undefined)?.code
      if (!error || code === 'EPIPE') return resolve(undefined)
      const message = `--json: standard output could not be written (${code ?? 'error'}): check where it goes (a full disk?).`
      log.error(message)
      resolve(message)
    })
  })
}

/** The error in flag words, of its own class: a timeout or a cancel is no ❌ in the summary. */
function inFlagWordsError(error: Error): Error {
  // Its own fields kept (a timeout's `workGoesOn`, a next step): the summary reads them.
  return Object.create(Object.getPrototypeOf(error) as object, {
    ...Object.getOwnPropertyDescriptors(error),
    message: { value: inFlagWords(error.message), writable: true }
  }) as Error
}

/**
 * Writes each file asked for; a failure is an error line, never a thrown error. Gives the
 * message of the first that could not be written, if any.
 */
async function writeFiles(
  files: Array<[path: string | undefined, flag: string, content: () => string, mode?: number]>
): Promise<string | undefined> {
  let failure: string | undefined
  for (const [path, flag, content, mode] of files) {
    if (!path) continue
    try {
      await makeFolder(dirname(resolve(path)))
      await writeFile(path, content(), mode === undefined ? {} : { mode })
      // A file that was there keeps its mode through writeFile.
      if (mode !== undefined) await chmod(path, mode)
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'error'
      const message = `${flag} ${path} could not be written (${code}): check that its folder is writable.`
      log.error(message)
      failure ??= message
    }
  }
  return failure
}

/**
 * GitLab refuses a dotenv report over 5 KiB (on every plan, and by default on its own servers),
 * and the refused upload fails the job.
 */
export const DOTENV_MAX_BYTES = 5120

/**
 * Outputs as dotenv lines for GitLab's `artifacts: reports: dotenv`: `MINTLIFY_` and the name
 * upper-cased. Values are one line (the `job` JSON included); the admin key is never among them.
 * Past GitLab's size, the largest values are left out (and named) until the rest fits.
 */
export function dotenv(outputs: Record<string, string | number>): {
  text: string
  leftOut: string[]
} {
  const lines = Object.entries(outputs).map(([name, value]) => {
    const key = `MINTLIFY_${name.toUpperCase().replace(/-/g, '_')}`
    const line = secrets.scrub(String(value), ['credential']).replace(/[\r\n]+/g, ' ')
    return { key, text: `${key}=${line}\n` }
  })
  const size = (line: { text: string }) => Buffer.byteLength(line.text)
  let total = lines.reduce((sum, line) => sum + size(line), 0)
  const leftOut = new Set<string>()
  for (const largest of [...lines].sort((a, b) => size(b) - size(a))) {
    if (total <= DOTENV_MAX_BYTES) break
    leftOut.add(largest.key)
    total -= size(largest)
  }
  const kept = lines.filter(line => !leftOut.has(line.key))
  return { text: kept.map(line => line.text).join(''), leftOut: [...leftOut] }
}

/** The dotenv file's text, saying on stderr what GitLab's size made it leave out. */
function dotenvFile(outputs: Record<string, string | number>): string {
  const { text, leftOut } = dotenv(outputs)
  if (leftOut.length > 0)
    log.warning(
      `--output-env leaves out ${leftOut.join(', ')}: GitLab refuses a dotenv report over ${DOTENV_MAX_BYTES} bytes, which would fail the job's artifact upload. \`--json\` gives every output.`
    )
  return text
}
