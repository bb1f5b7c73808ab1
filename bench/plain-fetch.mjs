// The smallest Node program that makes one HTTP request: the cold-start baseline for part 3 of
// the benchmark (plain JavaScript, so no type stripping is loaded).
//
//   node bench/plain-fetch.mjs <url>
const response = await fetch(process.argv[2])
await response.arrayBuffer()
