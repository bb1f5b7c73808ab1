import { chai } from 'vitest'

/**
 * `toThrow('text')` and `toThrow(/re/)` pass when the value thrown (or rejected) is `undefined`
 * or `null` (vitest-dev/vitest#7260, open): a test of an error's words cannot then tell the right
 * error from a bare `throw undefined`, and a mutation test found one that could not. Loaded as a
 * setup file, this makes those two forms fail unless something other than undefined or null was
 * thrown. `toThrow()` with no argument, and `.not`, keep their meaning.
 */
chai.use((api, utils) => {
  for (const name of ['toThrow', 'toThrowError']) {
    utils.overwriteMethod(
      api.Assertion.prototype,
      name,
      (original: (...args: unknown[]) => unknown) =>
        function (this: object, ...args: unknown[]): unknown {
          const expected = args[0]
          const matchesWords = typeof expected === 'string' || expected instanceof RegExp
          if (!matchesWords || utils.flag(this, 'negate')) return original.apply(this, args)
          const subject: unknown = utils.flag(this, 'object')
          let thrown: { value: unknown } | undefined
          if (utils.flag(this, 'promise') === 'rejects') {
            thrown = { value: subject } // `.rejects` hands over the rejection itself
          } else if (typeof subject === 'function') {
            utils.flag(this, 'object', (...callArgs: unknown[]) => {
              try {
                return (subject as (...a: unknown[]) => unknown)(...callArgs)
              } catch (error) {
                thrown = { value: error }
                throw error
              }
            })
          }
          const result = original.apply(this, args)
          if (thrown !== undefined && thrown.value == null) {
            throw new api.AssertionError(
              `expected an error whose message matches ${String(expected)}, but ${String(thrown.value)} was thrown`
            )
          }
          return result
        }
    )
  }
})
