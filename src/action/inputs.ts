import * as core from '@actions/core'
import type { InputSource } from '../settings/reader.js'

/** The step's inputs as a runner passes them (`INPUT_*`, defaults applied from action.yml). */
export const actionInputs: InputSource = {
  text: name => core.getInput(name),
  list: name =>
    core
      .getMultilineInput(name)
      .flatMap(line => line.split(','))
      .map(item => item.trim())
      .filter(Boolean),
  flag: name => core.getBooleanInput(name)
}
