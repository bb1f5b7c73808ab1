import * as core from '@actions/core'
import type { Host } from '../host.js'

/** The runner's log: workflow commands for annotations and masks, plain lines for the rest. */
export const actionHost: Host = {
  info: message => core.info(message),
  notice: message => core.notice(message),
  warning: message => core.warning(message),
  error: message => core.error(message),
  debug: message => core.debug(message),
  mask: secret => core.setSecret(secret),
  group: title => core.startGroup(title),
  endGroup: () => core.endGroup()
}
