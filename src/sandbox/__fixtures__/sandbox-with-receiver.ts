/**
 * A test file's sandbox (with the test account) and notification receiver,
 * started before its tests and closed after them. Not used by the sandbox
 * itself.
 */
import { startSandbox, type SandboxHandle } from "../sandbox"
import { startReceiver, TEST_ACCOUNT } from "./test-harness"

export function sandboxWithReceiver() {
  const running = {} as {
    sandbox: SandboxHandle
    receiver: Awaited<ReturnType<typeof startReceiver>>
  }
  beforeAll(async () => {
    running.sandbox = await startSandbox({ accounts: [{ ...TEST_ACCOUNT }] })
    running.receiver = await startReceiver()
  })
  afterAll(async () => {
    await running.sandbox?.close()
    await running.receiver?.close()
  })
  return running
}
