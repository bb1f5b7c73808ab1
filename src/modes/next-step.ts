import type { NextStep } from '../report/summary.js'
import { TimedOutError } from './errors.js'

/**
 * After `timeout` ran out the work goes on on the server: the `with:` lines of a step that
 * follows it again. Only ids that were checked go into `snippet`.
 */
export function followAgain(
  error: Error | undefined,
  what: string,
  snippet: string | undefined
): NextStep | undefined {
  if (!(error instanceof TimedOutError) || !snippet) return undefined
  return {
    text: `${what} goes on on the server: a step with these inputs (and a longer timeout) follows it again.`,
    snippet
  }
}

/**
 * A failure that says itself what to do next: the front door's own work (the artifact upload),
 * whose failures no mode knows.
 */
export interface HasNextStep {
  readonly nextStep?: NextStep
}

export const ownNextStep = (error: Error | undefined): NextStep | undefined =>
  (error as HasNextStep | undefined)?.nextStep
