/** The body of every ```yaml (or ```yml) fence, with the line it starts on. */
export function yamlBlocks(markdown: string): Array<{ line: number; text: string }> {
  const blocks: Array<{ line: number; text: string }> = []
  for (const match of markdown.matchAll(/^```ya?ml[ \t]*\n([\s\S]*?)^```[ \t]*$/gm)) {
    const line = markdown.slice(0, match.index).split('\n').length + 1
    blocks.push({ line, text: match[1] as string })
  }
  return blocks
}
