#!/usr/bin/env node
// mintlify-admin: checks the Node version, then runs the bundled CLI (index.js beside this file).
var major = Number(process.versions.node.split('.')[0])
var minor = Number(process.versions.node.split('.')[1])
if (major < 22 || (major === 22 && minor < 12)) {
  process.stderr.write('mintlify-admin needs Node.js 22.12 or later; this is ' + process.version + '.\n')
  process.exit(2)
}
import('./index.js')
