// @bcoe/v8-coverage ships no types; this is the part scripts/coverage.ts uses.
declare module '@bcoe/v8-coverage' {
  interface FunctionCov {
    functionName: string
    ranges: Array<{ startOffset: number; endOffset: number; count: number }>
    isBlockCoverage: boolean
  }
  interface ScriptCov {
    scriptId: string
    url: string
    functions: FunctionCov[]
  }
  interface ProcessCov {
    result: ScriptCov[]
  }
  /** Adds up the coverage of the same scripts over several processes. */
  export function mergeProcessCovs(processCovs: ReadonlyArray<ProcessCov>): ProcessCov
  const v8Coverage: { mergeProcessCovs: typeof mergeProcessCovs }
  export default v8Coverage
}
