import { describe, expect, it } from 'vitest'
import { API_KEYS_PAGE, describeFailure, type ApiErrorDetails } from '../../src/api/errors.js'

const http = (status: number, extra: Partial<ApiErrorDetails> = {}): ApiErrorDetails => ({
  kind: 'http',
  status,
  request: 'GET /v2/agent/p/job/j',
  operation: { kind: 'agent', projectId: 'p', jobId: 'j' },
  ...extra
})

describe('HTTP errors say each fact once', () => {
  it('states what was not found when the server did not', () => {
    expect(describeFailure(http(404))).toBe(
      `GET /v2/agent/p/job/j failed with HTTP 404. Agent job \`j\` was not found in project \`p\`. Check \`job-id\` (\`j\`) and \`project-id\` (\`p\`; shown at ${API_KEYS_PAGE}).`
    )
  })

  it('leaves the fact to the server when it said it', () => {
    const message = describeFailure(http(404, { serverMessage: 'Agent job j not found' }))
    expect(message.match(/not found/g)).toHaveLength(1)
    expect(message).toContain('". Check `job-id`')
  })

  it('a refused key names the input and links the API keys page', () => {
    expect(describeFailure(http(401))).toContain(
      `The admin API key was refused. Check that \`api-key\` holds a current admin key`
    )
    const said = describeFailure(http(401, { serverMessage: 'API key has expired' }))
    expect(said).not.toContain('was refused')
    expect(said).toContain(`create one at ${API_KEYS_PAGE}.`)
  })
})
