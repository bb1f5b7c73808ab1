import { describe, expect, it } from 'vitest'

// Without test/support/strict-throw.ts (a setup file), the first four pass: vitest-dev/vitest#7260.
describe('toThrow with words', () => {
  it('fails when undefined or null is thrown or rejected', async () => {
    expect(() =>
      expect(() => {
        throw undefined
      }).toThrow('refused')
    ).toThrow(/but undefined was thrown/)
    expect(() =>
      expect(() => {
        throw null
      }).toThrowError(/refused/)
    ).toThrow(/but null was thrown/)
    await expect(expect(Promise.reject(undefined)).rejects.toThrow('refused')).rejects.toThrow(
      /but undefined was thrown/
    )
    await expect(expect(Promise.reject(null)).rejects.toThrowError(/refused/)).rejects.toThrow(
      /but null was thrown/
    )
  })

  it('still passes on the right error, and calls the function once', async () => {
    let calls = 0
    expect(() => {
      calls += 1
      throw new Error('refused: too big')
    }).toThrow('refused')
    expect(calls).toBe(1)
    await expect(Promise.reject(new Error('refused'))).rejects.toThrow(/refus/)
    expect(() => {
      throw new Error('other')
    }).not.toThrow('refused')
    expect(() => {
      throw undefined
    }).toThrow()
  })

  it('still fails on the wrong words', () => {
    expect(() =>
      expect(() => {
        throw new Error('other')
      }).toThrow('refused')
    ).toThrow()
  })
})
