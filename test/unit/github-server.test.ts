import { describe, expect, it } from 'vitest'
import {
  artifactServiceProblem,
  checkGitHubServices,
  gitHubKind
} from '../../src/action/github-server.js'
import type { InputSource } from '../../src/settings/reader.js'

/** Inputs as a runner passes them, from a plain record; a flag that is no boolean throws. */
function inputs(values: Record<string, string>): InputSource {
  return {
    text: name => values[name] ?? '',
    list: name => (values[name] ?? '').split(',').filter(Boolean),
    flag: name => {
      const value = values[name] ?? ''
      if (value === 'true') return true
      if (value === 'false') return false
      throw new TypeError(`Input does not meet YAML 1.2 "Core Schema" specification: ${name}`)
    }
  }
}

describe('gitHubKind', () => {
  it.each([
    [undefined, 'github.com'],
    ['', 'github.com'],
    ['https://github.com', 'github.com'],
    ['https://GitHub.com/', 'github.com'],
    ['https://acme.ghe.com', 'ghe.com'],
    ['https://github.localhost', 'github.com'],
    ['https://ghes.example.com', 'server'],
    ['https://github.acme.internal:8443', 'server'],
    ['https://github.com.evil.example', 'server'],
    ['https://ghe.com.example', 'server'],
    ['not a url', 'server']
  ] as const)('%s is %s', (url, kind) => {
    expect(gitHubKind(url)).toBe(kind)
  })
})

describe('artifactServiceProblem and checkGitHubServices', () => {
  const ghes = { GITHUB_SERVER_URL: 'https://ghes.example.com' }

  it('names upload-artifact, the server and the bundle-path alternative on GHES', () => {
    const problem = artifactServiceProblem(ghes) ?? ''
    expect(problem).toContain('`upload-artifact: true`')
    expect(problem).toContain('GitHub Enterprise Server (https://ghes.example.com)')
    expect(problem).toContain('`bundle-path`')
    expect(problem).toContain('`actions/upload-artifact@v3`')
  })

  it('has nothing to say on github.com or GHE.com', () => {
    expect(artifactServiceProblem({ GITHUB_SERVER_URL: 'https://github.com' })).toBeUndefined()
    expect(artifactServiceProblem({ GITHUB_SERVER_URL: 'https://acme.ghe.com' })).toBeUndefined()
    expect(artifactServiceProblem({})).toBeUndefined()
  })

  it('throws only when the upload is asked for on GHES', () => {
    expect(() => checkGitHubServices(inputs({ 'upload-artifact': 'true' }), ghes)).toThrow(
      /GitHub Enterprise Server/
    )
    expect(() => checkGitHubServices(inputs({ 'upload-artifact': 'false' }), ghes)).not.toThrow()
    expect(() =>
      checkGitHubServices(inputs({ 'upload-artifact': 'true' }), {
        GITHUB_SERVER_URL: 'https://github.com'
      })
    ).not.toThrow()
  })

  it('leaves a value that is no boolean to the settings reader', () => {
    expect(() => checkGitHubServices(inputs({ 'upload-artifact': 'yes' }), ghes)).not.toThrow()
  })
})
