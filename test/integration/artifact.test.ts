// The bundled action uploads real workflow artifacts: @actions/artifact talks to a stand-in of the
// results service (Twirp JSON) and uploads the zip to azurite; the test reads the blob back.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createServer, type Server, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { list as listTar } from 'tar'
import yauzl from 'yauzl'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type Emulator } from '../emulator/index.ts'
import { emulatorInputs, runAction, type ActionRun } from '../support/action-runner.js'
import {
  JOB_BACKEND_ID,
  RUN_BACKEND_ID,
  startArtifactService,
  startAzurite,
  type ArtifactService,
  type Azurite
} from '../support/artifact-service.js'
import { errorsOf, expectCleanFailure } from '../support/assertions.js'

let azurite: Azurite | undefined
let service: ArtifactService | undefined
let emulator: Emulator | undefined
let runs: ActionRun[] = []
let scratch: string

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'artifact-test-'))
  emulator = await startEmulator({ export: { queuedMs: 50, runningMs: 200 } })
  azurite = await startAzurite()
  service = await startArtifactService(azurite)
})

afterAll(async () => {
  await service?.stop()
  await azurite?.stop()
  await emulator?.close()
  await rm(scratch, { recursive: true, force: true })
})

afterEach(async () => {
  await Promise.all(runs.map(run => run.cleanup()))
  runs = []
})

/** exportRun with `start.html` in the bundle, a link to `quickstart/index.html`. */
const SCOPED_PAGE = '<h1>A folder whose name begins with @</h1>'

async function exportWithLink(inputs: Record<string, string>): Promise<ActionRun> {
  const emu = emulator as Emulator
  const storage = emu.options.storage
  const extraEntries = [
    { name: 'start.html', type: 'symlink', linkTarget: 'quickstart/index.html' } as const,
    // node-tar reads a name that begins with `@` as a tar file whose entries to add.
    { name: '@scope/index.html', type: 'file', content: SCOPED_PAGE } as const
  ]
  emu.options = { ...emu.options, storage: { ...storage, extraEntries } }
  try {
    return await exportRun(inputs)
  } finally {
    emu.options = { ...emu.options, storage }
  }
}

async function exportRun(
  inputs: Record<string, string>,
  env: Record<string, string> = (service as ArtifactService).runnerEnv()
): Promise<ActionRun> {
  const emu = emulator as Emulator
  const run = await runAction(
    {
      mode: 'export',
      ...emulatorInputs(emu),
      domain: 'docs.example.com',
      'upload-artifact': 'true',
      ...inputs
    },
    { env }
  )
  runs.push(run)
  return run
}

/** The CreateArtifact and FinalizeArtifact bodies sent for one artifact name. */
function callsFor(name: string) {
  const calls = (service as ArtifactService).calls.filter(call => call.body.name === name)
  return {
    create: calls.filter(call => call.method === 'CreateArtifact'),
    finalize: calls.filter(call => call.method === 'FinalizeArtifact')
  }
}

interface ZipEntry {
  content: Buffer
  compressionMethod: number
}

/** Every file entry of a zip held in memory (directory entries left out). */
async function unzip(zip: Buffer): Promise<Map<string, ZipEntry>> {
  const archive = await yauzl.fromBufferPromise(zip, { lazyEntries: true })
  const entries = new Map<string, ZipEntry>()
  try {
    for await (const entry of archive.eachEntry()) {
      if (entry.fileName.endsWith('/')) continue
      const chunks: Buffer[] = []
      for await (const chunk of await archive.openReadStreamPromise(entry))
        chunks.push(chunk as Buffer)
      entries.set(entry.fileName, {
        content: Buffer.concat(chunks),
        compressionMethod: entry.compressionMethod
      })
    }
  } finally {
    archive.close()
  }
  return entries
}

interface TarEntry {
  path: string
  type: string
  content: Buffer
}

/** Every entry of a tar, with its type and content, as deploy-pages would read it. */
async function untar(tar: Buffer): Promise<TarEntry[]> {
  const file = join(scratch, `artifact-${Date.now()}.tar`)
  await writeFile(file, tar)
  const entries: TarEntry[] = []
  listTar({
    file,
    sync: true,
    onReadEntry: entry => {
      const chunks: Buffer[] = []
      const record = { path: entry.path, type: entry.type, content: Buffer.alloc(0) }
      entry.on('data', (chunk: Buffer) => chunks.push(chunk))
      entry.on('end', () => (record.content = Buffer.concat(chunks)))
      entries.push(record)
    }
  })
  return entries
}

/** The site's files from a listing: `./` prefixes and directory entries dropped. */
function filesOf(entries: Iterable<[string, Buffer]>): Map<string, Buffer> {
  return new Map([...entries].map(([path, content]) => [path.replace(/^\.\//, ''), content]))
}

function expectSameSite(
  actual: Map<string, Buffer>,
  expected = (emulator as Emulator).expectedSite()
) {
  expect([...actual.keys()].sort()).toEqual([...expected.keys()].sort())
  for (const [path, content] of expected) expect(actual.get(path)?.equals(content), path).toBe(true)
}

async function uploadedZip(name: string): Promise<Buffer> {
  const artifact = (service as ArtifactService).artifacts.get(name)
  expect(artifact, `artifact ${name} was finalized`).toBeDefined()
  return (azurite as Azurite).readBlob(artifact?.blobPath as string)
}

describe('upload-artifact against a results-service stand-in and azurite', () => {
  it('uploads the archive as downloaded (artifact-content: archive)', async () => {
    const run = await exportRun({ 'artifact-content': 'archive', 'retention-days': '3' })
    expect(run.exitCode, run.log).toBe(0)
    const jobId = run.outputs['job-id'] as string
    const name = `mintlify-export-${jobId}`

    // The results service was asked for that name, with the run ids of the token.
    const { create, finalize } = callsFor(name)
    expect(create).toHaveLength(1)
    expect(finalize).toHaveLength(1)
    const request = create[0]?.body as Record<string, unknown>
    expect(request).toMatchObject({
      name,
      version: 7,
      workflow_run_backend_id: RUN_BACKEND_ID,
      workflow_job_run_backend_id: JOB_BACKEND_ID,
      mime_type: 'application/zip'
    })
    expect(create[0]?.authorization).toMatch(/^Bearer ey/)
    // retention-days: 3 → an expiry about three days out.
    const expiresInDays = (Date.parse(request.expires_at as string) - Date.now()) / 86_400_000
    expect(expiresInDays).toBeGreaterThan(2.9)
    expect(expiresInDays).toBeLessThan(3.1)
    expect(finalize[0]?.body.hash).toMatch(/^sha256:[0-9a-f]{64}$/)

    // Outputs: the id the service assigned, and the run's artifact page.
    const artifact = service?.artifacts.get(name)
    expect(run.outputs['artifact-id']).toBe(artifact?.id)
    expect(run.outputs['artifact-url']).toBe(
      `https://github.com/acme/docs/actions/runs/4242/artifacts/${artifact?.id}`
    )

    // The blob is a zip holding the archive, byte for byte, stored rather than deflated again.
    const served = await (emulator as Emulator).bundleFile(jobId)
    const entries = await unzip(await uploadedZip(name))
    expect([...entries.keys()]).toEqual(['bundle.tar.gz'])
    const inside = entries.get('bundle.tar.gz') as ZipEntry
    expect(inside.content.equals(await readFile(served.path))).toBe(true)
    expect(inside.compressionMethod).toBe(0)
    expect(Number(finalize[0]?.body.size)).toBeGreaterThan(served.size)
  })

  it('uploads a Pages artifact: github-pages holding one artifact.tar (artifact-content: pages)', async () => {
    // A symlink inside the site: Pages refuses links, so the tarball must hold the file itself.
    const emu = emulator as Emulator
    const run = await exportWithLink({ 'artifact-content': 'pages' })
    expect(run.exitCode, run.log).toBe(0)
    const { create } = callsFor('github-pages')
    expect(create).toHaveLength(1)
    expect(create[0]?.body).toMatchObject({ name: 'github-pages', version: 7 })
    expect(create[0]?.body.expires_at).toBeUndefined()
    expect(run.outputs['artifact-id']).toBe(service?.artifacts.get('github-pages')?.id)

    const entries = await unzip(await uploadedZip('github-pages'))
    expect([...entries.keys()]).toEqual(['artifact.tar'])
    const tar = await untar((entries.get('artifact.tar') as ZipEntry).content)
    // deploy-pages refuses symlinks and hard links: only files and folders, all inside.
    expect(tar.filter(e => e.type !== 'File' && e.type !== 'Directory')).toEqual([])
    expect(tar.filter(e => e.path.startsWith('/') || e.path.split('/').includes('..'))).toEqual([])
    const files = filesOf(
      tar.filter(e => e.type === 'File').map(e => [e.path, e.content] as [string, Buffer])
    )
    const expected = emu.expectedSite()
    expected.set('start.html', expected.get('quickstart/index.html') as Buffer)
    expected.set('@scope/index.html', Buffer.from(SCOPED_PAGE))
    expectSameSite(files, expected)
  })

  it('uploads the extracted site’s files, a link as the file it leads to (artifact-content: extracted)', async () => {
    // The site check counts a link to a page as that page: the upload must hold it too.
    const emu = emulator as Emulator
    const run = await exportWithLink({
      'artifact-content': 'extracted',
      'artifact-name': 'site-files'
    })
    expect(run.exitCode, run.log).toBe(0)
    expect(callsFor('site-files').create).toHaveLength(1)
    const entries = await unzip(await uploadedZip('site-files'))
    const expected = emu.expectedSite()
    expected.set('start.html', expected.get('quickstart/index.html') as Buffer)
    expected.set('@scope/index.html', Buffer.from(SCOPED_PAGE))
    expectSameSite(filesOf([...entries].map(([path, entry]) => [path, entry.content])), expected)
  })

  it('refuses, before uploading, a site whose file names the artifact service refuses, and says what to upload instead', async () => {
    const emu = emulator as Emulator
    const storage = emu.options.storage
    const extraEntries = [
      { name: 'notes/10:30.html', type: 'file', content: '<p>at half past ten</p>' } as const,
      { name: 'why?.html', type: 'file', content: '<p>a question</p>' } as const
    ]
    emu.options = { ...emu.options, storage: { ...storage, extraEntries } }
    let run: ActionRun
    try {
      run = await exportRun({ 'artifact-content': 'extracted', 'artifact-name': 'odd-names' })
    } finally {
      emu.options = { ...emu.options, storage }
    }
    expectCleanFailure(
      run,
      'Artifact `odd-names` cannot hold the extracted site: 2 of its files have a name with " : < > | * or ?, which the artifact service refuses (the first: `notes/10:30.html`). Upload the bundle as downloaded with `artifact-content: archive`, or the site as one tarball with `artifact-content: pages`.'
    )
    // Nothing was sent; @actions/artifact's own refusal would have been in words about its checks.
    expect(callsFor('odd-names').create).toHaveLength(0)
    expect(run.outputs['extract-path']).toBeTruthy()
    expect(run.outputs['artifact-id']).toBeUndefined()
    // The next step is another content, not the job id (which would fail the same way).
    expect(run.summary).toContain('artifact-content: archive')
    expect(run.summary).not.toContain('job-id: ')
  })

  describe('a blob store that takes the upload and never answers', () => {
    let stall: Server
    const connections = new Set<Socket>()
    beforeAll(async () => {
      stall = createServer(socket => {
        connections.add(socket)
        socket.resume()
      })
      await new Promise<void>(resolve => stall.listen(0, '127.0.0.1', resolve))
      const { port } = stall.address() as { port: number }
      ;(service as ArtifactService).uploadOrigin = `http://127.0.0.1:${port}`
    })
    afterAll(async () => {
      delete (service as ArtifactService).uploadOrigin
      for (const socket of connections) socket.destroy()
      await new Promise(resolve => stall.close(resolve))
    })

    // The artifact client takes no signal and waits minutes on a silent store: the step must
    // stop waiting at its `timeout`, say so, and end (runAction kills a run that hangs).
    it('fails the step when `timeout` runs out, its outputs set, and ends', async () => {
      connections.clear()
      const run = await exportRun({ 'artifact-content': 'archive', timeout: '8s' })
      expect(run.log).toContain('Uploading artifact:')
      expect(connections.size).toBeGreaterThan(0)
      const jobId = run.outputs['job-id'] as string
      expectCleanFailure(
        run,
        `Timed out after 8s uploading artifact \`mintlify-export-${jobId}\`; the export finished and its outputs are set.`
      )
      expect(run.outputs['bundle-path']).toBeTruthy()
      expect(run.outputs['artifact-id']).toBeUndefined()
      expect(run.summary).toContain('Timed out after 8s uploading artifact')
      // The export is done: not "still running", as after a timeout while it renders.
      expect(run.summary).toContain('❌ Mintlify static export failed')
      expect(run.summary).not.toContain('still running')
    })

    it('ends at a cancel', async () => {
      const run = await runAction(
        {
          mode: 'export',
          ...emulatorInputs(emulator as Emulator),
          domain: 'docs.example.com',
          'upload-artifact': 'true',
          'artifact-content': 'archive'
        },
        {
          env: (service as ArtifactService).runnerEnv(),
          signalWhen: { signal: 'SIGTERM', text: 'Uploading artifact:' }
        }
      )
      runs.push(run)
      expectCleanFailure(run, 'Cancelled by SIGTERM')
      expect(run.outputs['artifact-id']).toBeUndefined()
    })
  })

  it('fails clearly without the runner’s artifact service variables', async () => {
    const before = service?.calls.length
    const run = await exportRun({}, {})
    expectCleanFailure(run, /ACTIONS_RUNTIME_TOKEN and ACTIONS_RESULTS_URL are not set/)
    expect(errorsOf(run).join('\n')).toContain('`upload-artifact: false`')
    expect(run.outputs['artifact-id']).toBeUndefined()
    expect(service?.calls.length).toBe(before)
  })
})
