// Defaults, and how partial options are merged over them.
import { defaultDeployments } from './deployments.ts'
import { SITE_PAGE_COUNT } from './site.ts'
import type {
  AgentBehaviour,
  AgentScenario,
  EmulatorInput,
  EmulatorOptions,
  ExportBehaviour,
  StorageBehaviour
} from './types.ts'

export const DEFAULT_API_KEY = 'mint_emulator_0123456789abcdef'

export function defaultExport(): ExportBehaviour {
  return {
    queuedMs: 150,
    runningMs: 600,
    pageCount: SITE_PAGE_COUNT,
    outcome: 'completed',
    failureReason: 'Build failed: page /broken could not be rendered',
    failureField: 'error',
    statusSequence: null,
    omitProgress: false,
    bundleInStatus: false,
    startResponse: 'full'
  }
}

export function defaultStorage(): StorageBehaviour {
  return {
    format: 'tar.gz',
    hideExtension: false,
    linkTtlMs: 15 * 60 * 1000,
    padBytes: 0,
    bytesPerSecondPerConnection: 0,
    acceptRanges: true,
    etag: true,
    ignoreIfRange: false,
    checksum: true,
    extraEntries: [],
    prebuiltPath: null,
    rangesFromPath: null
  }
}

const AGENT_DEFAULTS = { activeMs: 300, unknownStatus: 'paused' }

export function defaultAgent(): AgentBehaviour {
  return {
    timeline: 'completed-with-pr',
    activeMs: 300,
    limit: 100,
    windowMs: 3_600_000,
    retryAfter: false,
    pickupMs: 0,
    bareMessageAnswer: false
  }
}

/** `{...base, ...over}`, except that keys explicitly set to undefined keep the base value. */
export function mergeDefined<T extends object>(base: T, over: Partial<T> | undefined): T {
  const merged = { ...base }
  for (const [key, value] of Object.entries(over ?? {})) {
    if (value !== undefined) (merged as Record<string, unknown>)[key] = value
  }
  return merged
}

export function resolveOptions(partial: EmulatorInput = {}): EmulatorOptions {
  return {
    apiKey: partial.apiKey ?? DEFAULT_API_KEY,
    forbiddenKeys: [...(partial.forbiddenKeys ?? [])],
    expiredKeys: [...(partial.expiredKeys ?? [])],
    export: mergeDefined(defaultExport(), partial.export),
    domains: { ...partial.domains },
    unknownDomains: [...(partial.unknownDomains ?? [])],
    storage: mergeDefined(defaultStorage(), partial.storage),
    agentJobs: { ...partial.agentJobs },
    agent: mergeDefined(defaultAgent(), partial.agent),
    deployments: mergeDefined(defaultDeployments(), partial.deployments)
  }
}

/** The behaviour of a job for `domain`, read live so tests may change options mid-job. */
export function exportBehaviourFor(options: EmulatorOptions, domain: string): ExportBehaviour {
  return mergeDefined(options.export, options.domains[domain])
}

export function agentScenario(scenario: AgentScenario): Required<AgentScenario> {
  const base = { ...AGENT_DEFAULTS, projectId: scenario.projectId, timeline: scenario.timeline }
  return mergeDefined<Required<AgentScenario>>(base, scenario)
}
