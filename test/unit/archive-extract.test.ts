// Extraction in one pass (src/archive): archives made by real tools land as the system's tar and
// unzip would write them; the guards refuse before writing, bombs stay small in memory, and a
// refusal leaves nothing behind.
import { execFileSync, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  lstat,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  readlink,
  rm,
  symlink,
  writeFile
} from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { constants, deflateRawSync } from 'node:zlib'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { extractBundle } from '../../src/archive/extract.js'
import type { ArchiveFormat } from '../../src/archive/format.js'
import type { SiteFileVisitor } from '../../src/archive/site-files.js'
import { runJsonChild } from '../support/json-child.js'

const MiB = 1024 * 1024

/** Runs a tool the test needs; a missing one fails naming the Debian package to install. */
function tool(command: string, args: string[], cwd: string, pkg: string, env = {}): void {
  const run = spawnSync(command, args, { cwd, env: { ...process.env, ...env }, stdio: 'pipe' })
  if ((run.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT')
    throw new Error(`\`${command}\` is missing: install it with \`apt-get install -y ${pkg}\`.`)
  if (run.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed: ${String(run.stderr)}`)
}

/** Every path below root with what it is: `file <sha256>`, `dir`, or `link → <target>`. */
async function tree(root: string): Promise<Record<string, string>> {
  const found: Record<string, string> = {}
  for (const name of await readdir(root, { recursive: true })) {
    const path = join(root, name)
    const info = await lstat(path)
    found[relative(root, path).split('\\').join('/')] = info.isSymbolicLink()
      ? `link → ${await readlink(path)}`
      : info.isDirectory()
        ? 'dir'
        : `file ${createHash('sha256')
            .update(await readFile(path))
            .digest('hex')
            .slice(0, 16)}`
  }
  return found
}

/** A visitor that records what extraction hands it. */
function recorder(): SiteFileVisitor & { entries: string[]; files: Map<string, string> } {
  const entries: string[] = []
  const files = new Map<string, string>()
  return {
    entries,
    files,
    entry: path => entries.push(path),
    wants: path => path.endsWith('.html'),
    file: (path, bytes) => void files.set(path, bytes.toString('utf8'))
  }
}

let work: string
beforeEach(async () => {
  work = await mkdtemp(join(tmpdir(), 'extract-'))
})
afterEach(() => rm(work, { recursive: true, force: true }))

/** A small site with nested folders, an empty file, a 3 MiB file (streamed) and a link. */
async function makeSite(root: string): Promise<void> {
  await mkdir(join(root, 'docs/guide'), { recursive: true })
  await writeFile(
    join(root, 'index.html'),
    '<link rel="stylesheet" href="https://cdn.example.com/a.css">'
  )
  await writeFile(join(root, 'docs/guide/index.html'), '<p>guide</p>')
  await writeFile(join(root, 'docs/empty.txt'), '')
  const big = Buffer.alloc(3 * MiB)
  for (let i = 0; i < big.length; i += 4096) big.writeUInt32LE((i * 2654435761) >>> 0, i)
  await writeFile(join(root, 'docs/big.bin'), big)
  await symlink('guide/index.html', join(root, 'docs/start.html'))
}

describe('archives made by real tools extract to the tree the system tools write', () => {
  const cases: Array<[string, ArchiveFormat, (site: string, out: string) => void]> = [
    ['Info-ZIP zip', 'zip', (s, o) => tool('zip', ['-q', '-r', '-y', o, '.'], s, 'zip')],
    [
      'bsdtar zip',
      'zip',
      (s, o) => tool('bsdtar', ['--format', 'zip', '-cf', o, '.'], s, 'libarchive-tools')
    ],
    [
      'python zipfile',
      'zip',
      (s, o) =>
        tool(
          'python3',
          [
            '-c',
            'import os,sys,zipfile\nz=zipfile.ZipFile(sys.argv[1],"w",zipfile.ZIP_DEFLATED)\nfor d,ds,fs in os.walk("."):\n  for f in fs:\n    p=os.path.join(d,f)\n    if not os.path.islink(p): z.write(p)\nz.close()',
            o
          ],
          s,
          'python3'
        )
    ],
    [
      'GNU tar --format=gnu',
      'tar.gz',
      (s, o) => tool('tar', ['--format=gnu', '-czf', o, '.'], s, 'tar')
    ],
    [
      'GNU tar --format=pax',
      'tar.gz',
      (s, o) => tool('tar', ['--format=pax', '-czf', o, '.'], s, 'tar')
    ],
    [
      'GNU tar --format=ustar',
      'tar',
      (s, o) => tool('tar', ['--format=ustar', '-cf', o, '.'], s, 'tar')
    ],
    ['bsdtar tar.gz', 'tar.gz', (s, o) => tool('bsdtar', ['-czf', o, '.'], s, 'libarchive-tools')]
  ]

  it.each(cases)('%s', async (_name, format, make) => {
    const site = join(work, 'site')
    await makeSite(site)
    const archive = join(work, `bundle.${format}`)
    make(site, archive)
    const ours = join(work, 'ours')
    const theirs = join(work, 'theirs')
    await mkdir(theirs)
    if (format === 'zip') tool('unzip', ['-q', archive, '-d', theirs], work, 'unzip')
    else tool('tar', ['-xf', archive, '-C', theirs], work, 'tar')
    const seen = recorder()
    const result = await extractBundle(archive, format, ours, { visitor: seen })
    expect(await tree(ours)).toEqual(await tree(theirs))
    expect(result.totalBytes).toBe(3 * MiB + 60 + 12)
    // The readers got each page once, from the bytes written.
    expect(seen.files.get('docs/guide/index.html')).toBe('<p>guide</p>')
  })

  it('`git archive` zip and tar.gz', async () => {
    const repo = join(work, 'repo')
    await makeSite(repo)
    await mkdir(join(repo, 'café'))
    await writeFile(join(repo, 'café/menú.html'), 'ok')
    const git = (...args: string[]) =>
      tool('git', ['-c', 'user.email=a@b', '-c', 'user.name=a', ...args], repo, 'git')
    git('init', '-q')
    git('add', '-A')
    git('commit', '-qm', 'site')
    for (const format of ['zip', 'tar.gz'] as const) {
      const archive = join(work, `git.${format}`)
      git('archive', `--format=${format}`, '-o', archive, 'HEAD')
      const ours = join(work, `ours-${format}`)
      await extractBundle(archive, format, ours)
      const found = await tree(ours)
      expect(found['café/menú.html']).toMatch(/^file /)
      expect(found['docs/start.html']).toBe('link → guide/index.html')
    }
  })
})

describe('names as the archive stores them, whatever the locale', () => {
  it.each([
    ['bsdtar with LANG=C', ['bsdtar', '--format', 'zip', '-cf'], 'libarchive-tools'],
    ['Info-ZIP zip with LANG=C', ['zip', '-q', '-r'], 'zip'],
    ['bsdtar in a UTF-8 locale', ['bsdtar', '--format', 'zip', '-cf'], 'libarchive-tools']
  ])('%s', async (name, [command, ...args], pkg) => {
    const site = join(work, 'site')
    await mkdir(join(site, 'café'), { recursive: true })
    await writeFile(join(site, 'café/menú.html'), 'ok')
    const archive = join(work, 'names.zip')
    const locale = name.includes('UTF-8') ? 'C.UTF-8' : 'C'
    tool(command as string, [...args, archive, 'café'], site, pkg, {
      LANG: locale,
      LC_ALL: locale
    })
    const out = join(work, 'out')
    await extractBundle(archive, 'zip', out)
    expect(Object.keys(await tree(out)).sort()).toEqual(['café', 'café/menú.html'])
  })
})

/** A tar header (512 bytes) with the given fields; the checksum is computed. */
function tarHeader(fields: {
  name: string
  size?: number
  type?: string
  prefix?: string
  version?: string
}): Buffer {
  const header = Buffer.alloc(512)
  header.write(fields.name, 0, 100, 'utf8')
  header.write('0000644\0', 100, 'latin1')
  header.write('0000000\0', 108, 'latin1')
  header.write('0000000\0', 116, 'latin1')
  header.write(`${(fields.size ?? 0).toString(8).padStart(11, '0')}\0`, 124, 'latin1')
  header.write('14614115700\0', 136, 'latin1')
  header.write(fields.type ?? '0', 156, 'latin1')
  header.write('ustar\0', 257, 'latin1')
  header.write(fields.version ?? '00', 263, 'latin1')
  if (fields.prefix) header.write(fields.prefix, 345, 155, 'utf8')
  header.fill(0x20, 148, 156)
  let sum = 0
  for (const byte of header) sum += byte
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'latin1')
  return header
}

const padded = (data: Buffer) =>
  Buffer.concat([data, Buffer.alloc((512 - (data.length % 512)) % 512)])

describe('header forms where tar readers disagree: what is written is what the guards saw', () => {
  it('a ustar prefix with a version other than `00`', async () => {
    // GNU tar joins the prefix whatever the version (`../../evil/x.html`); node-tar does not.
    const archive = join(work, 'prefix.tar')
    await writeFile(
      archive,
      Buffer.concat([
        tarHeader({ name: 'x.html', size: 2, prefix: '../../evil', version: 'xx' }),
        padded(Buffer.from('ok')),
        Buffer.alloc(1024)
      ])
    )
    const out = join(work, 'deep/er/out')
    const seen = recorder()
    await extractBundle(archive, 'tar', out, { visitor: seen })
    expect(await tree(out)).toEqual({ 'x.html': expect.stringMatching(/^file /) })
    expect(seen.entries).toEqual(['x.html'])
    expect(await readdir(join(work, 'deep'))).toEqual(['er'])
  })

  it('a pax `GNU.sparse.name` (GNU tar’s real name of the entry) on a plain file', async () => {
    const archive = join(work, 'sparse-name.tar')
    tool(
      'python3',
      [
        '-c',
        'import io,sys,tarfile\nt=tarfile.open(sys.argv[1],"w",format=tarfile.PAX_FORMAT)\ni=tarfile.TarInfo("ok.html")\ni.size=2\ni.pax_headers={"GNU.sparse.name":"../../evil.html"}\nt.addfile(i,io.BytesIO(b"ok"))\nt.close()',
        archive
      ],
      work,
      'python3'
    )
    const out = join(work, 'out')
    await extractBundle(archive, 'tar', out)
    expect(Object.keys(await tree(out))).toEqual(['ok.html'])
    expect((await readdir(work)).sort()).toEqual(['out', 'sparse-name.tar'])
  })

  it('a real GNU sparse file (pax 1.0, `GNUSparseFile.<pid>/name`) is refused, not misnamed', async () => {
    const site = join(work, 'site')
    await mkdir(site)
    await writeFile(join(site, 'holes.bin'), '')
    execFileSync('truncate', ['-s', '10M', join(site, 'holes.bin')])
    await writeFile(join(site, 'holes.bin'), 'x', { flag: 'a' })
    const archive = join(work, 'sparse.tar')
    tool('tar', ['--format=pax', '--sparse', '-cf', archive, 'holes.bin'], site, 'tar')
    const out = join(work, 'out')
    await expect(extractBundle(archive, 'tar', out)).rejects.toThrow(
      /GNUSparseFile\.\d+\/holes\.bin` is a GNU sparse file/
    )
    await expect(lstat(out)).rejects.toThrow(/ENOENT/)
  })
})

describe('guards, each refusing before the bytes are written', () => {
  it('the size limit stops at the entry that passes it: later entries are never written', async () => {
    const site = join(work, 'site')
    await mkdir(site)
    await writeFile(join(site, 'a.html'), 'x'.repeat(100))
    await writeFile(join(site, 'b.bin'), Buffer.alloc(2048))
    await writeFile(join(site, 'c.html'), 'after')
    const archive = join(work, 'limit.tar')
    tool('tar', ['-cf', archive, 'a.html', 'b.bin', 'c.html'], site, 'tar')
    const seen = recorder()
    const out = join(work, 'out')
    await expect(
      extractBundle(archive, 'tar', out, { maxTotalBytes: 1024, visitor: seen })
    ).rejects.toThrow('would extract to more than 1024 bytes (`extract-limit`), at `b.bin`')
    expect(seen.entries).toEqual(['a.html'])
    await expect(lstat(out)).rejects.toThrow(/ENOENT/)
  })

  it('a name too long for the file system, from tar and zip: refused naming the entry', async () => {
    // The system takes a link target with a part over 255 bytes (it cannot follow it); GNU tar
    // renames a page to such a part as it archives it.
    const site = join(work, 'site')
    await mkdir(site)
    await writeFile(join(site, 'a.html'), 'a')
    await symlink('b'.repeat(300), join(site, 'long'))
    const tooLong = 'a name too long for the file system (most allow 255 bytes a part)'
    const followed = `The bundle is unsafe: link \`long\` cannot be followed: ${tooLong}.`
    const tar = join(work, 'link.tar')
    tool('tar', ['-cf', tar, 'long'], site, 'tar')
    expect(await extractBundle(tar, 'tar', join(work, 'out')).catch(String)).toBe(
      `UnsafeArchiveError: ${followed}`
    )
    const zip = join(work, 'link.zip')
    tool('zip', ['-q', '-y', zip, 'long'], site, 'zip')
    expect(await extractBundle(zip, 'zip', join(work, 'out')).catch(String)).toBe(
      `UnsafeArchiveError: ${followed}`
    )
    const renamed = join(work, 'renamed.tar')
    tool('tar', ['-cf', renamed, `--transform=s/a.html/${'d'.repeat(300)}/`, 'a.html'], site, 'tar')
    const out = join(work, 'out')
    expect(await extractBundle(renamed, 'tar', out).catch(String)).toContain(
      `failed at \`${'d'.repeat(120)}…\`: ${tooLong}.`
    )
    await expect(lstat(out)).rejects.toThrow(/ENOENT/)
  })

  it('a zip symlink (read from its Unix mode) is made as a link, and one leading out is refused', async () => {
    const site = join(work, 'site')
    await mkdir(site)
    await writeFile(join(site, 'page.html'), 'p')
    await symlink('page.html', join(site, 'home.html'))
    const good = join(work, 'good.zip')
    tool('zip', ['-q', '-y', good, 'page.html', 'home.html'], site, 'zip')
    const out = join(work, 'out')
    await extractBundle(good, 'zip', out)
    expect(await tree(out)).toMatchObject({ 'home.html': 'link → page.html' })

    await symlink('/etc/passwd', join(site, 'passwd'))
    const bad = join(work, 'bad.zip')
    tool('zip', ['-q', '-y', bad, 'page.html', 'passwd'], site, 'zip')
    await expect(extractBundle(bad, 'zip', join(work, 'out2'))).rejects.toThrow(
      'link `passwd` → `/etc/passwd` targets an absolute path'
    )
    await expect(lstat(join(work, 'out2'))).rejects.toThrow(/ENOENT/)
  })

  it.each(['tar', 'zip'] as const)(
    'a %s link to a folder inside the site is refused: copies that follow links never end',
    async format => {
      const site = join(work, 'site')
      await mkdir(join(site, 'guide'), { recursive: true })
      await writeFile(join(site, 'guide', 'a.html'), 'a')
      await symlink('..', join(site, 'guide', 'up'))
      const archive = join(work, `up.${format}`)
      if (format === 'tar') tool('tar', ['-cf', archive, 'guide'], site, 'tar')
      else tool('zip', ['-q', '-r', '-y', archive, 'guide'], site, 'zip')
      const out = join(work, 'out')
      await expect(extractBundle(archive, format, out)).rejects.toThrow(
        'The bundle is unsafe: link `guide/up` leads to a folder (a site needs none).'
      )
      await expect(lstat(out)).rejects.toThrow(/ENOENT/)
    }
  )

  it('a hard link resolves from the archive root, as tar makes it', async () => {
    const archive = join(work, 'hard.tar')
    await writeFile(
      archive,
      Buffer.concat([
        tarHeader({ name: 'docs/', type: '5' }),
        tarHeader({ name: 'docs/a.html', size: 1 }),
        padded(Buffer.from('a')),
        tarHeader({ name: 'docs/sub/', type: '5' }),
        // From the root `docs/a.html` is the file above; from docs/sub it would be docs/sub/docs/a.html.
        Buffer.concat([tarHeader({ name: 'docs/sub/same.html', type: '1' })]),
        Buffer.alloc(1024)
      ])
    )
    // The link name is in the linkname field (157); rebuild that header with it.
    const bytes = await readFile(archive)
    const at = 4 * 512
    bytes.write('docs/a.html', at + 157, 'utf8')
    bytes.fill(0x20, at + 148, at + 156)
    let sum = 0
    for (const byte of bytes.subarray(at, at + 512)) sum += byte
    bytes.write(`${sum.toString(8).padStart(6, '0')}\0 `, at + 148, 'latin1')
    await writeFile(archive, bytes)
    const out = join(work, 'out')
    await extractBundle(archive, 'tar', out)
    expect((await lstat(join(out, 'docs/sub/same.html'))).ino).toBe(
      (await lstat(join(out, 'docs/a.html'))).ino
    )
  })

  it('refuses when the archive needs more than the free space, naming both figures', async () => {
    const site = join(work, 'site')
    await makeSite(site)
    const archive = join(work, 'site.zip')
    tool('zip', ['-q', '-r', archive, '.'], site, 'zip')
    const seen = recorder()
    const out = join(work, 'out')
    await expect(
      extractBundle(archive, 'zip', out, { freeBytes: 1 * MiB, visitor: seen })
    ).rejects.toThrow(
      new RegExp(
        `would extract to 3\\d{6} bytes, and the disk holding ${out} has 1048576 bytes free; set \`path\` .*\`extract-limit\``
      )
    )
    // Refused on the central directory's sizes, before the first entry.
    expect(seen.entries).toEqual([])
    await expect(lstat(out)).rejects.toThrow(/ENOENT/)

    const tgz = join(work, 'site.tar.gz')
    tool('tar', ['-czf', tgz, '.'], site, 'tar')
    await expect(extractBundle(tgz, 'tar.gz', out, { freeBytes: 1 * MiB })).rejects.toThrow(
      'would extract to at least 3145'
    )
    await expect(lstat(out)).rejects.toThrow(/ENOENT/)
  })

  it('keeps room on the disk for the rest of a bundle still downloading', async () => {
    const site = join(work, 'site')
    await makeSite(site)
    const tgz = join(work, 'site.tar.gz')
    tool('tar', ['-czf', tgz, '.'], site, 'tar')
    const out = join(work, 'out')
    // 4 MiB free holds the 3 MiB site, but not with 2 MiB of bundle still to come.
    await extractBundle(tgz, 'tar.gz', out, { freeBytes: 4 * MiB })
    await expect(
      extractBundle(tgz, 'tar.gz', out, { freeBytes: 4 * MiB, reservedBytes: 2 * MiB })
    ).rejects.toThrow(
      `and the disk holding ${out} has ${4 * MiB} bytes free, of which ${2 * MiB} must stay free for the rest of the bundle still downloading;`
    )
    await expect(lstat(out)).rejects.toThrow(/ENOENT/)
  })
})

// ------------------------------------------------------------------------------------------
// Bombs: 10 MB that inflate to about 10 GB, extracted in a child process whose peak memory is
// measured. Deflate's full flush makes a byte-aligned block that decodes to 1 MiB of zeros the
// same way wherever it stands, so repeating it builds the stream without inflating anything.

function zerosStream(mib: number): Buffer {
  const block = deflateRawSync(Buffer.alloc(MiB), { finishFlush: constants.Z_FULL_FLUSH })
  const end = deflateRawSync(Buffer.alloc(0))
  return Buffer.concat([...Array.from({ length: mib }, () => block), end])
}

async function tarGzBomb(path: string, mib: number): Promise<void> {
  // Entries of 16 MiB each, each under the limit on its own: only their sum passes it.
  const entries = Math.ceil(mib / 16)
  const headers = Array.from({ length: entries }, (_, i) =>
    deflateRawSync(tarHeader({ name: `zeros-${i}.bin`, size: 16 * MiB }), {
      finishFlush: constants.Z_FULL_FLUSH
    })
  )
  const zeros = zerosStream(16).subarray(0, -deflateRawSync(Buffer.alloc(0)).length)
  const body = Buffer.concat([
    ...headers.flatMap(header => [header, zeros]),
    deflateRawSync(Buffer.alloc(1024))
  ])
  const gzipHeader = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3])
  await writeFile(path, Buffer.concat([gzipHeader, body, Buffer.alloc(8)]))
}

async function zipBomb(
  path: string,
  mib: number,
  {
    entryMiB = 1024,
    declaredBytes = entryMiB * MiB
  }: { entryMiB?: number; declaredBytes?: number } = {}
): Promise<void> {
  // Entries of entryMiB each (1 GiB by default), declaring their true size unless told (no zip64).
  const parts: Buffer[] = []
  const central: Buffer[] = []
  let offset = 0
  const data = zerosStream(entryMiB)
  for (let i = 0; i < Math.ceil(mib / entryMiB); i++) {
    const name = Buffer.from(`zeros-${i}.bin`)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(8, 8)
    local.writeUInt32LE(0, 14)
    local.writeUInt32LE(data.length, 18)
    local.writeUInt32LE(declaredBytes, 22)
    local.writeUInt16LE(name.length, 26)
    const entry = Buffer.alloc(46)
    entry.writeUInt32LE(0x02014b50, 0)
    entry.writeUInt16LE(20, 4)
    entry.writeUInt16LE(20, 6)
    entry.writeUInt16LE(8, 10)
    entry.writeUInt32LE(0, 16)
    entry.writeUInt32LE(data.length, 20)
    entry.writeUInt32LE(declaredBytes, 24)
    entry.writeUInt16LE(name.length, 28)
    entry.writeUInt32LE(offset, 42)
    parts.push(local, name, data)
    central.push(entry, name)
    offset += local.length + name.length + data.length
  }
  const directory = Buffer.concat(central)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(central.length / 2, 8)
  end.writeUInt16LE(central.length / 2, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  await writeFile(path, Buffer.concat([...parts, directory, end]))
}

const CHILD = new URL('../support/extract-child.ts', import.meta.url)

/** Extracts in a child process; returns its outcome and peak RSS in MiB. */
function extractInChild(
  file: string,
  format: ArchiveFormat,
  destination: string,
  options: Record<string, number>
): { error?: string; maxRssMiB: number } {
  return runJsonChild(CHILD, [file, format, destination, JSON.stringify(options)], 120_000)
}

describe('archive bombs: refused with memory bounded, nothing left on disk', () => {
  it('a 10 MB tar.gz that inflates to 10 GiB', async () => {
    const bomb = join(work, 'bomb.tar.gz')
    await tarGzBomb(bomb, 10 * 1024)
    expect((await readFile(bomb)).length).toBeLessThan(12 * MiB)
    const out = join(work, 'out')
    const result = extractInChild(bomb, 'tar.gz', out, { maxTotalBytes: 100 * MiB })
    // Refused at the entry whose header takes the total past the limit, 96 MiB written by then.
    expect(result.error).toMatch(
      /would extract to more than 104857600 bytes \(`extract-limit`\), at `zeros-6.bin`/
    )
    console.log(`tar.gz bomb: peak RSS ${result.maxRssMiB} MiB`)
    expect(result.maxRssMiB).toBeLessThan(300)
    await expect(lstat(out)).rejects.toThrow(/ENOENT/)
  })

  it('a 10 MB zip that inflates to 10 GiB', async () => {
    const bomb = join(work, 'bomb.zip')
    await zipBomb(bomb, 10 * 1024)
    expect((await readFile(bomb)).length).toBeLessThan(12 * MiB)
    const out = join(work, 'out')
    // With no limit set, the free space is the limit: the central directory's 10 GiB is compared
    // with it (here pretended to be 5 GiB) before anything is inflated.
    const result = extractInChild(bomb, 'zip', out, { freeBytes: 5 * 1024 * MiB })
    expect(result.error).toContain('would extract to 10737418240 bytes')
    console.log(`zip bomb: peak RSS ${result.maxRssMiB} MiB`)
    expect(result.maxRssMiB).toBeLessThan(300)
    await expect(lstat(out)).rejects.toThrow(/ENOENT/)
  })

  it('a 10 MB zip whose headers claim 1000 bytes an entry (the bomb in disguise)', async () => {
    const bomb = join(work, 'lying.zip')
    // 512 MiB entries: each compresses under 1 MiB, so it is inflated in one call, bounded.
    await zipBomb(bomb, 10 * 1024, { entryMiB: 512, declaredBytes: 1000 })
    const out = join(work, 'out')
    const result = extractInChild(bomb, 'zip', out, {})
    // Inflating stops at the declared size: the entry is refused, not inflated to its GiB.
    expect(result.error).toContain(
      '`zeros-0.bin` does not inflate to the 1000 bytes its header declares'
    )
    console.log(`lying zip bomb: peak RSS ${result.maxRssMiB} MiB`)
    expect(result.maxRssMiB).toBeLessThan(300)
    await expect(lstat(out)).rejects.toThrow(/ENOENT/)
  })
})
