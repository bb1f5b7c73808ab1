// Times Node's SHA-256 over N bytes held in memory, fed in 64 KiB updates as the action's
// downloader feeds it (one socket read at a time). Prints the milliseconds. Part of the
// download benchmark: the one piece of work the action does per byte and curl does not.
//
//   node bench/hash-time.ts <bytes>
import { createHash, randomFillSync } from 'node:crypto'

const total = Number(process.argv[2])
if (!Number.isSafeInteger(total) || total < 0) {
  console.error('usage: node bench/hash-time.ts <bytes>')
  process.exit(2)
}
const UPDATE_BYTES = 64 * 1024
// 16 MiB of random bytes, hashed over and over: larger than the CPU caches, as a download is.
const source = randomFillSync(Buffer.allocUnsafe(16 * 1024 * 1024))
const hash = createHash('sha256')
const started = performance.now()
for (let done = 0; done < total; done += UPDATE_BYTES) {
  const offset = done % source.length
  hash.update(source.subarray(offset, offset + Math.min(UPDATE_BYTES, total - done)))
}
hash.digest()
console.log((performance.now() - started).toFixed(1))
