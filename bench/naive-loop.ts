// The polling loop from the vendor's docs, as a baseline for part 2 of the benchmark: start an
// export, then GET its status; stop when it is completed (or failed), else sleep 10 s; at most
// 60 polls. Prints one JSON line: {"jobId", "polls", "status"}; exits 1 unless completed.
//
//   node bench/naive-loop.ts <api-url> <api-key> <domain>

/** Sent on every request, so the harness can tell this loop's start call from the action's. */
export const NAIVE_USER_AGENT = 'bench-naive-loop'
export const NAIVE_INTERVAL_MS = 10_000
export const NAIVE_MAX_POLLS = 60

export interface NaiveResult {
  jobId: string
  polls: number
  status: string
}

async function json(response: Response): Promise<Record<string, unknown>> {
  const body = (await response.json()) as Record<string, unknown>
  if (!response.ok) throw new Error(`HTTP ${response.status}: ${JSON.stringify(body)}`)
  return body
}

export async function naiveLoop(apiUrl: string, apiKey: string, domain: string) {
  const headers = {
    authorization: `Bearer ${apiKey}`,
    'content-type': 'application/json',
    'user-agent': NAIVE_USER_AGENT
  }
  const started = await json(
    await fetch(`${apiUrl}/v1/static-export/jobs`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ domain })
    })
  )
  const jobId = String(started.jobId)
  let status = String(started.status ?? 'queued')
  let polls = 0
  while (polls < NAIVE_MAX_POLLS) {
    const job = await json(
      await fetch(`${apiUrl}/v1/static-export/jobs/${encodeURIComponent(jobId)}`, { headers })
    )
    polls += 1
    status = String(job.status)
    if (status === 'completed' || status === 'failed') break
    if (polls < NAIVE_MAX_POLLS)
      await new Promise(resolve => setTimeout(resolve, NAIVE_INTERVAL_MS))
  }
  return { jobId, polls, status } satisfies NaiveResult
}

if (import.meta.main) {
  const [apiUrl, apiKey, domain] = process.argv.slice(2)
  if (!apiUrl || !apiKey || !domain) {
    console.error('usage: node bench/naive-loop.ts <api-url> <api-key> <domain>')
    process.exit(2)
  }
  const result = await naiveLoop(apiUrl, apiKey, domain)
  console.log(JSON.stringify(result))
  process.exitCode = result.status === 'completed' ? 0 : 1
}
