import {
  chmod,
  lstat,
  mkdtemp,
  readdir,
  readFile,
  rm,
  stat,
  symlink,
  writeFile
} from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse } from 'yaml'
import { afterEach, describe, expect, it } from 'vitest'
import {
  exportVersion,
  helmValuesYaml,
  writeHelmValues
} from '../../src/modes/export/helm-values.js'

let temp: string | undefined

afterEach(async () => {
  if (temp) await rm(temp, { recursive: true, force: true })
  temp = undefined
})

const values = (bundleUrl: string, version: string) => ({
  staticExport: { enabled: true, bundleUrl, version }
})

describe('helmValuesYaml', () => {
  const SIGNATURE = 'X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIA%2F20240601%2Fus-east-1'
  it.each([
    [
      'a plain presigned link',
      `https://bucket.s3.amazonaws.com/exports/se_1/bundle.tar.gz?${SIGNATURE}`
    ],
    ['& and %', 'https://cdn.example.com/b.zip?a=1&b=%20%26%3D&c=%'],
    ['# (a fragment)', 'https://cdn.example.com/b.zip?x=1#frag'],
    ['a port and colons', 'https://cdn.example.com:8443/a:b/c.zip?t=12:00:00'],
    ['quotes', `https://cdn.example.com/it's/"quoted".zip?q='x'&r="y"`],
    ['YAML indicators', 'https://cdn.example.com/*a/&b/!c/|d/>e/{f}/[g]/@h/`i`/,j/?k=-l'],
    ['a very long link', `https://cdn.example.com/b.zip?sig=${'a1b2c3d4'.repeat(300)}`]
  ])('round-trips a link with %s', (_what, url) => {
    const text = helmValuesYaml(url, 'sha256-0123456789ab')
    expect(text.startsWith('# ')).toBe(true)
    expect(parse(text)).toEqual(values(url, 'sha256-0123456789ab'))
  })

  it.each([
    '2024-06-01',
    'se_0123456789abcdef',
    '1.10',
    '007',
    'null',
    'true',
    '- x',
    'a: b',
    'v #1'
  ])('keeps version %j a string', version => {
    expect(parse(helmValuesYaml('https://cdn.example.com/b.zip', version))).toEqual(
      values('https://cdn.example.com/b.zip', version)
    )
  })

  it('keeps versions a string for YAML 1.1 readers such as Helm', () => {
    // Helm reads values with go-yaml, which follows YAML 1.1: there plain `on`, `yes`, `no` and
    // `off` are booleans, and `2024-06-01` a timestamp.
    for (const version of ['on', 'yes', 'off', 'no', 'y', '2024-06-01']) {
      const text = helmValuesYaml('https://cdn.example.com/b.zip', version)
      expect(parse(text, { version: '1.1' })).toEqual(
        values('https://cdn.example.com/b.zip', version)
      )
    }
  })
})

describe('exportVersion', () => {
  const sha = 'ab'.repeat(32)
  it('prefers the override, then the bundle hash prefix, then the job id', () => {
    expect(exportVersion('2024-06-01', sha, 'se_1')).toBe('2024-06-01')
    expect(exportVersion(undefined, sha, 'se_1')).toBe('sha256-abababababab')
    expect(exportVersion('', sha, 'se_1')).toBe('sha256-abababababab')
    expect(exportVersion(undefined, undefined, 'se_1')).toBe('se_1')
  })
})

describe('writeHelmValues', () => {
  it('writes the file (creating its folder) readable by its owner only', async () => {
    temp = await mkdtemp(join(tmpdir(), 'helm-values-'))
    const path = join(temp, 'nested', 'helm-values.yaml')
    const url = 'https://cdn.example.com/b.zip?a=1&b=2'
    expect(await writeHelmValues(path, url, 'v1')).toBe(path)
    expect(parse(await readFile(path, 'utf8'))).toEqual(values(url, 'v1'))
    if (process.platform !== 'win32') expect((await stat(path)).mode & 0o777).toBe(0o600)
  })

  it('makes a file left by an earlier run owner-only too', async () => {
    temp = await mkdtemp(join(tmpdir(), 'helm-values-'))
    const path = join(temp, 'helm-values.yaml')
    await writeFile(path, 'old', { mode: 0o644 })
    await chmod(path, 0o644)
    await writeHelmValues(path, 'https://cdn.example.com/b.zip?a=1', 'v2')
    if (process.platform !== 'win32') expect((await stat(path)).mode & 0o777).toBe(0o600)
  })

  it.skipIf(process.platform === 'win32')(
    'replaces a link planted where the values go, never writing through it',
    async () => {
      temp = await mkdtemp(join(tmpdir(), 'helm-values-'))
      const elsewhere = join(temp, 'public-notes.txt')
      await writeFile(elsewhere, 'notes', { mode: 0o644 })
      const path = join(temp, 'helm-values.yaml')
      await symlink(elsewhere, path)
      await writeHelmValues(path, 'https://cdn.example.com/b.zip?sig=secret', 'v3')
      expect(await readFile(elsewhere, 'utf8')).toBe('notes')
      expect((await lstat(path)).isFile()).toBe(true)
      expect((await stat(path)).mode & 0o777).toBe(0o600)
      expect(await readdir(temp)).toEqual(['helm-values.yaml', 'public-notes.txt'])
    }
  )

  it('names the file it could not write, and leaves nothing beside it', async () => {
    temp = await mkdtemp(join(tmpdir(), 'helm-values-'))
    await expect(writeHelmValues(temp, 'https://cdn.example.com/b.zip', 'v4')).rejects.toThrow(
      `The Helm values file ${temp} could not be written (`
    )
    expect(await readdir(temp)).toEqual([])
  })
})
