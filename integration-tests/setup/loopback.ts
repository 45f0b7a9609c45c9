import { freeLoopbackPort } from "../../dev/local-stack/database"
import { keepServersOnLoopback } from "../../dev/local-stack/loopback"
import { budget } from "./time-budget"

keepServersOnLoopback()

// a file that sets none still waits as long as this machine needs (time-budget.ts)
jest.setTimeout(budget(120_000))

// A fixed port per test file: the runner then skips its all-interface probe,
// and the provider's notify and return addresses can name it at boot.
beforeAll(async () => {
  process.env.PORT = String(await freeLoopbackPort())
})
