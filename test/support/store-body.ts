import type { StoreAnswer } from '../../src/download/transport.js'

/** A store answer's body made of `chunks`, read as a transport hands it out. */
export function storeBody(...chunks: Array<string | Buffer>): Pick<StoreAnswer, 'read'> {
  return {
    async read(onChunk) {
      for (const chunk of chunks) if (onChunk(Buffer.from(chunk)) === false) return
    }
  }
}
