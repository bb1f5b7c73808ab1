// Real object stores on loopback, behind one interface for the download tests: s3rver (an S3
// implementation on npm) with links presigned by the AWS SDK, and azurite (Azure's emulator)
// with SAS links. Each answers, refuses and expires links in its own words, not ours.
import {
  CreateBucketCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client
} from '@aws-sdk/client-s3'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import S3rver from 's3rver'
import { accountSas, startAzurite } from './artifact-service.js'

export interface RealStore {
  name: string
  /** Where the store listens, for a proxy in front of it. */
  target: { host: string; port: number }
  /** Writes (or replaces) the object. */
  put(key: string, body: Buffer): Promise<void>
  /**
   * A link to the object through `viaHost` (a proxy's `host:port`, or the store's own), valid
   * for `validForMs` from now; a negative value gives a link that has already expired.
   */
  link(key: string, options: { viaHost?: string; validForMs: number }): Promise<string>
  close(): Promise<void>
}

const BUCKET = 'bundles'
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }

export async function startS3rver(): Promise<RealStore> {
  const directory = await mkdtemp(join(tmpdir(), 's3rver-'))
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory })
  const { port } = await server.run()
  const store = await s3Store('s3rver', port, CREDENTIALS)
  return {
    ...store,
    async close() {
      await store.close()
      await server.close()
      await rm(directory, { recursive: true, force: true })
    }
  }
}

/**
 * radosgw (Ceph's S3 gateway, Debian's 16.2) that `npm run test:radosgw` started on loopback:
 * its port and keys come from the environment the script sets. Undefined when not opted in.
 */
export function radosgwFromEnvironment(): (() => Promise<RealStore>) | undefined {
  const { RADOSGW_PORT, RADOSGW_ACCESS_KEY, RADOSGW_SECRET_KEY } = process.env
  if (!RADOSGW_PORT || !RADOSGW_ACCESS_KEY || !RADOSGW_SECRET_KEY) return undefined
  return () =>
    s3Store('radosgw', Number(RADOSGW_PORT), {
      accessKeyId: RADOSGW_ACCESS_KEY,
      secretAccessKey: RADOSGW_SECRET_KEY
    })
}

/** An S3 implementation on a loopback port: one bucket, links presigned by the AWS SDK. */
async function s3Store(
  name: string,
  port: number,
  credentials: { accessKeyId: string; secretAccessKey: string }
): Promise<RealStore> {
  const client = (host: string) =>
    new S3Client({
      endpoint: `http://${host}`,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials
    })
  const direct = client(`127.0.0.1:${port}`)
  try {
    await direct.send(new CreateBucketCommand({ Bucket: BUCKET }))
  } catch (error) {
    // A store kept from an earlier run already has the bucket.
    if ((error as { name?: string }).name !== 'BucketAlreadyOwnedByYou') throw error
  }
  return {
    name,
    target: { host: '127.0.0.1', port },
    async put(key, body) {
      await direct.send(new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: body }))
    },
    async link(key, { viaHost = `127.0.0.1:${port}`, validForMs }) {
      // Signed in the past for a link that is already expired: the store's own clock decides.
      const expiresIn = Math.max(1, Math.ceil(Math.abs(validForMs) / 1000))
      const signingDate = validForMs < 0 ? new Date(Date.now() - 2 * expiresIn * 1000) : new Date()
      return getSignedUrl(client(viaHost), new GetObjectCommand({ Bucket: BUCKET, Key: key }), {
        expiresIn,
        signingDate
      })
    },
    async close() {
      direct.destroy()
    }
  }
}

const CONTAINER = 'bundles'

export async function startAzuriteStore(): Promise<RealStore> {
  const azurite = await startAzurite()
  await azurite.createContainer(CONTAINER)
  const account = new URL(azurite.accountUrl)
  return {
    name: 'azurite',
    target: { host: account.hostname, port: Number(account.port) },
    async put(key, body) {
      // The test's own upload, not what is tested: on a loaded machine azurite has been seen to
      // drop a 48 MiB PUT mid-body (EPIPE) while reads of the blob were open, so it is retried.
      for (let attempt = 1; ; attempt++) {
        try {
          const response = await fetch(`${azurite.accountUrl}/${CONTAINER}/${key}?${azurite.sas}`, {
            method: 'PUT',
            headers: { 'x-ms-version': '2020-08-04', 'x-ms-blob-type': 'BlockBlob' },
            body
          })
          await response.arrayBuffer()
          if (response.status !== 201) throw new Error(`azurite PUT answered ${response.status}`)
          return
        } catch (error) {
          if (attempt === 3 || !(error instanceof TypeError)) throw error
        }
      }
    },
    async link(key, { viaHost = account.host, validForMs }) {
      // A SAS does not sign the host: the same query works through the proxy.
      return `http://${viaHost}${account.pathname}/${CONTAINER}/${key}?${accountSas(validForMs)}`
    },
    close: () => azurite.stop()
  }
}
