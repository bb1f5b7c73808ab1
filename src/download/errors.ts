/** The store refused the link because its signature expired: ask the API for a fresh one. */
export class LinkExpiredError extends Error {
  constructor(detail: string) {
    super(`The bundle link has expired (${detail}).`)
    this.name = 'LinkExpiredError'
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
