/**
 * The shell commands a document gives in its ```sh blocks, as a reader
 * would type them: continuation lines joined, trailing comments dropped.
 * The tests run the ones that start something exactly as written.
 */
import { readFileSync } from "node:fs"

function shellBlocks(markdownFile: string): string[][] {
  const text = readFileSync(markdownFile, "utf8")
  const blocks: string[][] = []
  for (const block of text.matchAll(
    /^```(?:sh|bash|shell)\n([\s\S]*?)^```/gm
  )) {
    const joined = block[1].replace(/\\\n\s*/g, "")
    blocks.push(
      joined
        .split("\n")
        .map((line) => line.replace(/\s+#.*$/, "").trim())
        .filter(Boolean)
    )
  }
  return blocks
}

export function shellCommands(markdownFile: string): string[] {
  return shellBlocks(markdownFile).flat()
}

/** Commands that start a server (they run until stopped), by their first words after any variables. */
export const STARTING =
  /^(\w+=\S+ )*(npx (acquiring-sandbox|ts-node)|npm (start|run (demo|dev|start)))\b/

/**
 * What a reader runs to start each server the document starts: the lines of
 * its block up to the starting one, in one shell (a `cd` holds for the
 * lines after it).
 */
export function startingCommands(markdownFile: string): string[] {
  return shellBlocks(markdownFile).flatMap((lines) => {
    const at = lines.findIndex((line) => STARTING.test(line))
    return at < 0 ? [] : [lines.slice(0, at + 1).join(" && ")]
  })
}
