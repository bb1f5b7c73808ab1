import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface Certificate {
  /** PEM texts, for a TLS server. */
  key: string
  cert: string
}

/**
 * A fresh self-signed certificate for `localhost` and 127.0.0.1, made by openssl (from Debian;
 * .ci/run installs it): a real TLS server for the download's tests, which a client trusts only
 * when told to.
 */
export function selfSignedCertificate(): Certificate {
  const dir = mkdtempSync(join(tmpdir(), 'tls-'))
  try {
    const keyPath = join(dir, 'key.pem')
    const certPath = join(dir, 'cert.pem')
    try {
      execFileSync(
        'openssl',
        [
          ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1'],
          ...[
            '-nodes',
            '-keyout',
            keyPath,
            '-out',
            certPath,
            '-days',
            '2',
            '-subj',
            '/CN=localhost'
          ],
          ...['-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1']
        ],
        { stdio: 'pipe' }
      )
    } catch (error) {
      throw new Error(
        `The TLS tests need openssl to make a certificate (apt-get install openssl): ${(error as Error).message}`,
        { cause: error }
      )
    }
    return { key: readFileSync(keyPath, 'utf8'), cert: readFileSync(certPath, 'utf8') }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
