/**
 * The store refused the link: its signature expired (`certain`, the store said so), or a 403
 * that may mean the same in another store's words (radosgw's empty message, Azure's
 * "AuthenticationFailed"). Either way the API is asked for a fresh link.
 */
export class LinkExpiredError extends Error {
  constructor(
    readonly detail: string,
    readonly certain: boolean,
    readonly host: string
  ) {
    super(
      certain
        ? `The bundle link has expired (${detail}).`
        : `The store at ${host} refused the bundle link (${detail}).`
    )
    this.name = 'LinkExpiredError'
  }
}

/**
 * The object is no longer the one the transfer began with: a resumed or parallel range came
 * with another validator or size (a store that ignores If-Range), or the store answered 412 to
 * If-Match. Its bytes must never be joined to the ones on disk.
 */
export class ObjectChangedError extends Error {
  constructor(readonly detail: string) {
    super(`The bundle changed in the store during the download (${detail}).`)
    this.name = 'ObjectChangedError'
  }
}

/** A download failure; `transient` ones are tried again, resuming where possible. */
export class DownloadError extends Error {
  constructor(
    message: string,
    readonly transient: boolean
  ) {
    super(message)
    this.name = 'DownloadError'
  }
}
