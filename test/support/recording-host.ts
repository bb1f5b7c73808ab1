import type { Host } from '../../src/host.js'
import { stderrHost } from '../../src/host.js'
import { useHost } from '../../src/log.js'

export type LogKind = Exclude<keyof Host, 'mask' | 'progress' | 'endGroup'>

/**
 * Installs a Host that records what the engine logs (after the log's own guard), for tests that
 * run engine code in-process; `restore()` puts the default back.
 */
export function recordLog(onLine?: (kind: LogKind, message: string) => void) {
  const lines: Array<{ kind: LogKind; message: string }> = []
  const masks: string[] = []
  const line = (kind: LogKind) => (message: string) => {
    lines.push({ kind, message })
    onLine?.(kind, message)
  }
  useHost({
    info: line('info'),
    notice: line('notice'),
    warning: line('warning'),
    error: line('error'),
    debug: line('debug'),
    mask: secret => void masks.push(secret),
    group: line('group'),
    endGroup: () => undefined
  })
  return {
    lines,
    masks,
    /** The messages of one kind, in order. */
    of: (kind: LogKind) => lines.filter(entry => entry.kind === kind).map(entry => entry.message),
    restore: () => useHost(stderrHost)
  }
}
