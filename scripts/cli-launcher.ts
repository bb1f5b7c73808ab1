// Writes cli/mintlify-admin.js, the CLI's entry: plain JavaScript that any Node can parse, so
// that an old Node gets a message naming the version it needs instead of a syntax error from
// the bundle. Run by `npm run bundle` after ncc has written cli/.
import { writeFileSync, chmodSync } from 'node:fs'

const LAUNCHER = `#!/usr/bin/env node
// mintlify-admin: checks the Node version, then runs the bundled CLI (index.js beside this file).
var major = Number(process.versions.node.split('.')[0])
var minor = Number(process.versions.node.split('.')[1])
if (major < 22 || (major === 22 && minor < 12)) {
  process.stderr.write('mintlify-admin needs Node.js 22.12 or later; this is ' + process.version + '.\\n')
  process.exit(2)
}
// The bundle is large for a CLI: Node's compile cache (22.1+) keeps its compiled code between
// runs, which CI jobs that call the CLI repeatedly start faster with. It goes in the temp folder
// only when that exists: the cache would create a missing TMPDIR, which the run must refuse.
var tmpIsFolder = false
try {
  var tmp = process.getBuiltinModule('node:os').tmpdir()
  tmpIsFolder = process.getBuiltinModule('node:fs').statSync(tmp).isDirectory()
} catch (error) {
  // Missing, or not to be looked into: the run says so.
}
import('node:module').then(function (module) {
  if (module.enableCompileCache && tmpIsFolder) module.enableCompileCache()
  return import('./index.js')
})
`

writeFileSync('cli/mintlify-admin.js', LAUNCHER)
chmodSync('cli/mintlify-admin.js', 0o755)
