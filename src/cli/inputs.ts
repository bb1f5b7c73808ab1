import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { log } from '../log.js'
import { INPUTS, type InputDeclaration } from '../inputs.js'
import type { ModeName, Settings } from '../modes/modes.js'
import type { InputSource } from '../settings/reader.js'
import { fileProblem } from '../util/folders.js'
import { isWithin } from '../util/paths.js'

/** The declared inputs a CLI subcommand offers as flags (the action-only ones are not). */
export function cliInputs(mode: ModeName): InputDeclaration[] {
  return INPUTS.filter(input => input.modes.includes(mode) && input.only !== 'action')
}

/** commander's key for `--site-version`: `siteVersion`. */
export function optionKey(name: string): string {
  return name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())
}

/** Where the key may come from: never a flag, which process lists and shell history keep. */
export const KEY_VARIABLES = ['MINTLIFY_API_KEY', 'MINTLIFY_ADMIN_KEY'] as const

export class UsageError extends Error {
  override name = 'UsageError'
}

/** Where the run's key came from, for messages about it (set by readApiKey). */
let keySource: string = KEY_VARIABLES[0]

/**
 * The admin key from `--api-key-file`, `--api-key-stdin` (one of them, never empty), or else
 * the environment.
 */
export async function readApiKey(
  options: { apiKeyFile?: string; apiKeyStdin?: boolean },
  env: NodeJS.ProcessEnv,
  signal: AbortSignal,
  stdin: NodeJS.ReadableStream = process.stdin
): Promise<string> {
  // Given, even empty: `--api-key-file "$KEY_FILE"` with the variable unset is no reason to
  // take the key from elsewhere.
  if (options.apiKeyFile !== undefined && options.apiKeyStdin) {
    throw new UsageError('--api-key-file and --api-key-stdin were both given: use one of them.')
  }
  keySource = KEY_VARIABLES[0]
  if (options.apiKeyFile !== undefined) {
    keySource = '--api-key-file'
    if (!options.apiKeyFile) {
      throw new UsageError('--api-key-file was given an empty path: give the file that holds the key.')
    }
    // A key given where its file belongs is not quoted back.
    const file = /^mint_/i.test(options.apiKeyFile) ? '(a value like a key, not a path)' : options.apiKeyFile
    let key: string
    try {
      key = (await readFile(options.apiKeyFile, 'utf8')).trim()
    } catch (error) {
      throw new UsageError(
        `--api-key-file ${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}): give the path of a file that holds the admin key alone.`,
        { cause: error }
      )
    }
    // Said as such: falling back to the environment would hide a file written wrong.
    if (!key) throw new UsageError(`--api-key-file ${file} is empty: write the admin key in it.`)
    return key
  }
  if (options.apiKeyStdin) {
    keySource = '--api-key-stdin'
    // A cancel while stdin stays open must not wait for it to close.
    const chunks: string[] = []
    await new Promise<void>((resolve, reject) => {
      const stop = () => {
        ;(stdin as { destroy?: () => void }).destroy?.()
        reject(signal.reason)
      }
      if (signal.aborted) return stop()
      signal.addEventListener('abort', stop, { once: true })
      stdin.on('data', chunk => chunks.push(chunk.toString()))
      stdin.once('end', () => {
        signal.removeEventListener('abort', stop)
        resolve()
      })
      stdin.once('error', reject)
      // Said once the cancel is wired: a test (and a person at a terminal) knows it may cancel.
      log.debug('Reading the admin key from standard input.')
    })
    const key = chunks.join('').trim()
    if (!key) throw new UsageError('--api-key-stdin read nothing: pipe the admin key in.')
    return key
  }
  const named = KEY_VARIABLES.find(name => env[name]?.trim())
  if (named) keySource = named
  return (named && env[named]?.trim()) ?? ''
}

/**
 * The settings reader's view of the parsed flags: the same names and defaults as the action's
 * inputs, so one parser serves both front doors.
 */
export function flagInputs(
  mode: ModeName,
  options: Record<string, unknown>,
  apiKey: string
): InputSource {
  const declared = new Map(cliInputs(mode).map(input => [input.name, input]))
  const value = (name: string): unknown => {
    if (name === 'mode') return mode
    if (name === 'api-key') return apiKey
    if (!declared.has(name)) return undefined
    const given = options[optionKey(name)]
    // Node reads argv as UTF-8, each byte that is not as U+FFFD: a branch or domain so garbled
    // would be sent as a name that exists nowhere. Free text (a prompt) may hold the character.
    const freeText = name === 'prompt' || name === 'message'
    const texts = [given].flat().filter((item): item is string => typeof item === 'string')
    if (!freeText && texts.some(item => item.includes('\ufffd')))
      throw new UsageError(
        `--${name} holds bytes that are not UTF-8 (shown as \ufffd): give it as UTF-8 text (check the shell's or CI's locale).`
      )
    return given
  }
  return {
    text: name => {
      const given = value(name)
      return typeof given === 'string' ? given.trim() : ''
    },
    list: name => {
      const given = value(name)
      const items = Array.isArray(given) ? given : typeof given === 'string' ? [given] : []
      return items
        .flatMap(item => String(item).split(/[\n,]/))
        .map(item => item.trim())
        .filter(Boolean)
    },
    // An input the CLI does not offer (comment, upload-artifact) is off.
    flag: name => value(name) === true
  }
}

/**
 * Messages name the action's inputs (`Input \`domain\``, `extract: false`, `timeout`); on the
 * command line they name the flags (`--domain`, `--no-extract`, `--timeout`).
 */
export function inFlagWords(message: string): string {
  return settingsInFlagWords(
    message
      // The key is no flag on the command line: name where it comes from instead.
      .replace(/Input `api-key`|`api-key`/g, `\`${keySource}\``)
      .replace(/Input `([a-z-]+)`/g, (whole, name: string) =>
        INPUT_NAMES.has(name) ? `\`--${name}\`` : whole
      )
  )
    .replace(/`([a-z-]+)`/g, (whole, name: string) =>
      INPUT_NAMES.has(name) ? `\`--${name}\`` : whole
    )
    .replace(/Input (`--[a-z-]+[^`]*`)/g, '$1')
}

const INPUT_NAMES = new Set(INPUTS.map(input => input.name))

/**
 * Settings as the action writes them (`wait: false`, `check: fail`, `mode: agent-watch`) in
 * flags (`--no-wait`, `--check fail`, `mintlify-admin agent-watch`); a bare name is left, as in
 * help it may be an output's (`sets \`job-id\``).
 */
export function settingsInFlagWords(text: string): string {
  return (
    text
      // The mode is the command's first word, no flag.
      .replace(/`mode: ([a-z-]+)`/g, '`mintlify-admin $1`')
      .replace(/`([a-z-]+): ([^`]+)`/g, (whole, name: string, given: string) => {
        if (!INPUT_NAMES.has(name)) return whole
        if (given === 'true') return `\`--${name}\``
        if (given === 'false') return `\`--no-${name}\``
        return `\`--${name} ${given}\``
      })
  )
}

/**
 * Where `--helm-values` writes, refused before anything starts when the file could not serve:
 * the values need the link (`--no-wait` never gets it), a folder is no file, and inside `--path`
 * (a folder jobs upload or publish) the link would go with it, or the file replace the bundle.
 */
export function helmValuesFile(given: string | undefined, settings: Settings): string | false {
  if (given === undefined || settings.mode !== 'export') return false
  if (!given) {
    throw new UsageError('--helm-values was given an empty path: give the file to write, e.g. helm-values.yaml.')
  }
  const path = resolve(given)
  if (!settings.wait) {
    throw new UsageError('--helm-values needs the bundle link, which --no-wait does not wait for: drop one of them.')
  }
  const problem = fileProblem(path)
  if (problem) throw new UsageError(`--helm-values ${given} ${problem}: give the path of a file the run may write.`)
  if (settings.download && settings.downloadDir && isWithin(resolve(settings.downloadDir), path)) {
    throw new UsageError(
      `--helm-values ${given} is inside --path ${settings.downloadDir}: the file holds the bundle link, which that folder would hand on wherever it is uploaded or published. Give a path outside it.`
    )
  }
  return path
}

/**
 * `--domain --json`: the parser takes the next flag for the missing value (and `--summary
 * --json` would write a file named `--json`). Any option whose value is spelled like a flag is
 * refused, the CLI's own included.
 */
export function flagTakenAsValue(options: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(options)) {
    const flag = [value].flat().find(item => typeof item === 'string' && /^--[a-z][\w-]*(=|$)/i.test(item))
    if (flag === undefined) continue
    const name = key.replace(/[A-Z]/g, letter => `-${letter.toLowerCase()}`)
    throw new UsageError(
      // Only the flag's name: what follows an `=` may be a secret.
      `--${name} took \`${String(flag).split('=')[0]}\` for its value: give --${name} a value, or leave it out.`
    )
  }
}
