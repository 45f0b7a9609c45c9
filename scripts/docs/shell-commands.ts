/**
 * The shell commands a document gives in its ```sh blocks, as a reader
 * would type them: continuation lines joined, trailing comments dropped.
 * The tests run the ones that start something exactly as written.
 */
import { readFileSync } from "node:fs"

export function shellCommands(markdownFile: string): string[] {
  const text = readFileSync(markdownFile, "utf8")
  const commands: string[] = []
  for (const block of text.matchAll(
    /^```(?:sh|bash|shell)\n([\s\S]*?)^```/gm
  )) {
    const joined = block[1].replace(/\\\n\s*/g, "")
    for (const line of joined.split("\n")) {
      const command = line.replace(/\s+#.*$/, "").trim()
      if (command) commands.push(command)
    }
  }
  return commands
}

/** Commands that start a server (they run until stopped), by their first words. */
export const STARTING =
  /^(npx (acquiring-sandbox|ts-node)|npm run (demo|dev|start))\b/

export function startingCommands(markdownFile: string): string[] {
  return shellCommands(markdownFile).filter((c) => STARTING.test(c))
}
