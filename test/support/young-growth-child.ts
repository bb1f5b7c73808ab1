// Run by test/unit/young-garbage.test.ts in a process of its own (V8's flags are the process's):
// prints the young generation's size before and after keeping many objects alive across
// collections, which makes V8 grow it unless told not to.
import { getHeapSpaceStatistics } from 'node:v8'
import { discarded } from '../../src/util/young-garbage.ts'

const youngBytes = () =>
  getHeapSpaceStatistics().find(space => space.space_name === 'new_space')?.space_size ?? 0

if (process.argv[2] === 'collecting') discarded(4 * 1024 * 1024)
const before = youngBytes()
const alive: object[] = []
for (let i = 0; i < 3_000_000; i++) alive[i % 100_000] = { i, text: `x${i}` }
console.log(JSON.stringify({ before, after: youngBytes() }))
