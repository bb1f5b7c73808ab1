/** One line, at most `max` characters, for quoting a server in a message. */
export function snippet(text: string, max = 200): string {
  const line = text.replace(/\s+/g, ' ').trim()
  return line.length > max ? `${line.slice(0, max)}…` : line
}
