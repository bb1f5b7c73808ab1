// `npm run preview:summary`: every job summary and pull-request comment the action writes, for
// the sample reports of test/support/report-samples.ts, rendered as GitHub renders them, as
// HTML pages in preview/summaries/, and as PNG screenshots where Chromium is installed.
import { spawnSync } from 'node:child_process'
import { registerHooks } from 'node:module'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import ts from 'typescript'

// Run from source: src/ names its modules `.js` (as tsc emits them), and a few use TypeScript
// that Node's type stripping does not take (parameter properties), so TypeScript transpiles.
registerHooks({
  resolve(specifier, context, nextResolve) {
    try {
      return nextResolve(specifier, context)
    } catch (error) {
      if (!/^\.\.?\/.*\.js$/.test(specifier)) throw error
      return nextResolve(specifier.replace(/\.js$/, '.ts'), context)
    }
  },
  load(url, context, nextLoad) {
    const loaded = nextLoad(url, context)
    if (loaded.format !== 'module-typescript') return loaded
    const source = ts.transpileModule(String(loaded.source), {
      fileName: fileURLToPath(url),
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2023 }
    }).outputText
    return { format: 'module', source }
  }
})
const { writeSummaryPages } = await import('../test/support/summary-pages.ts')

const started = Date.now()
const dir = join(import.meta.dirname, '..', 'preview', 'summaries')
const files = await writeSummaryPages(dir)
console.log(`${files.length} pages in ${dir} (open index.html)`)

const chromium = ['chromium', 'chromium-browser'].find(
  name => spawnSync(name, ['--version'], { stdio: 'ignore' }).status === 0
)
if (!chromium) {
  console.log(
    'No chromium on PATH, so no screenshots: apt-get install chromium fonts-noto-color-emoji (Debian/Ubuntu).'
  )
} else {
  for (const file of files) {
    const png = join(dir, file.replace(/\.html$/, '.png'))
    const shot = spawnSync(
      chromium,
      [
        '--headless',
        '--disable-gpu',
        '--no-sandbox',
        '--hide-scrollbars',
        `--screenshot=${png}`,
        '--window-size=1000,1400',
        pathToFileURL(join(dir, file)).href
      ],
      { encoding: 'utf8' }
    )
    if (shot.status !== 0) {
      console.error(`${chromium} failed on ${file}:\n${shot.stderr}`)
      process.exit(1)
    }
  }
  console.log(`${files.length} screenshots (.png beside each page)`)
}
console.log(`Done in ${((Date.now() - started) / 1000).toFixed(1)}s.`)
