import { writeReport, writeStopped } from "./report-store"
import { configurationFaults } from "../accounts/configuration-faults"
import { HEARTBEAT_MS } from "./health"
import { reportNow, startHeartbeat, stopHeartbeat } from "./heartbeat"

jest.mock("./report-store", () => ({
  writeReport: jest.fn(),
  writeStopped: jest.fn(),
}))
jest.mock("../accounts/configuration-faults", () => ({
  configurationFaults: jest.fn(),
}))

const write = writeReport as jest.MockedFunction<typeof writeReport>
const stopped = writeStopped as jest.MockedFunction<typeof writeStopped>
const faults = configurationFaults as jest.MockedFunction<
  typeof configurationFaults
>

const FAULT = { reason: "no key here", providers: [], account_id: "acqacc_1" }

describe("an instance's heartbeat", () => {
  const logger = { warn: jest.fn(), error: jest.fn() }
  const configModule = { projectConfig: { workerMode: "worker" } }

  beforeEach(() => {
    jest.useFakeTimers()
    write.mockReset().mockResolvedValue(undefined)
    stopped.mockReset().mockResolvedValue(undefined)
    faults.mockReset().mockResolvedValue([FAULT])
    logger.warn.mockReset()
  })
  afterEach(async () => {
    await stopHeartbeat()
    jest.useRealTimers()
  })

  it("reports its role and faults at start, then every beat, until the app stops", async () => {
    await startHeartbeat({ configModule, logger })
    expect(write).toHaveBeenCalledTimes(1)
    expect(write.mock.calls[0][0]).toMatchObject({
      role: "worker",
      pid: process.pid,
      faults: [FAULT],
    })
    await jest.advanceTimersByTimeAsync(HEARTBEAT_MS)
    expect(write).toHaveBeenCalledTimes(2)
    await stopHeartbeat()
    await jest.advanceTimersByTimeAsync(3 * HEARTBEAT_MS)
    await reportNow()
    expect(write).toHaveBeenCalledTimes(2)
    // its last word names this instance, once
    expect(stopped).toHaveBeenCalledTimes(1)
    expect(stopped).toHaveBeenCalledWith(write.mock.calls[0][0].id)
    await stopHeartbeat()
    expect(stopped).toHaveBeenCalledTimes(1)
  })

  it("stops quietly when the database is already gone", async () => {
    await startHeartbeat({ configModule, logger })
    stopped.mockRejectedValue(new Error("Connection terminated"))
    await expect(stopHeartbeat()).resolves.toBeUndefined()
  })

  it("says once that it cannot report, and when it can again", async () => {
    write.mockRejectedValue(new Error("relation does not exist"))
    await startHeartbeat({ configModule, logger })
    await jest.advanceTimersByTimeAsync(2 * HEARTBEAT_MS)
    expect(logger.warn).toHaveBeenCalledTimes(1)
    expect(logger.warn.mock.calls[0][0]).toMatch(/could not report its health/)
    write.mockResolvedValue(undefined)
    await jest.advanceTimersByTimeAsync(HEARTBEAT_MS)
    expect(logger.warn).toHaveBeenCalledTimes(2)
    expect(logger.warn.mock.calls[1][0]).toMatch(/written again/)
  })

  it("catches up when it becomes able to act, once per time it does: at start with no fault, and when its faults go", async () => {
    const catchUp = jest.fn().mockResolvedValue(undefined)
    faults.mockResolvedValue([])
    await startHeartbeat({ configModule, logger }, catchUp)
    expect(catchUp.mock.calls).toEqual([["start-up"]])
    // able all along: nothing more to catch up
    await jest.advanceTimersByTimeAsync(2 * HEARTBEAT_MS)
    expect(catchUp).toHaveBeenCalledTimes(1)
    // its key lost, then back: the beat (or a settings change's report) that finds it able catches up
    faults.mockResolvedValue([FAULT])
    await jest.advanceTimersByTimeAsync(2 * HEARTBEAT_MS)
    expect(catchUp).toHaveBeenCalledTimes(1)
    faults.mockResolvedValue([])
    await reportNow()
    expect(catchUp.mock.calls).toEqual([
      ["start-up"],
      ["its configuration is fixed"],
    ])
    await jest.advanceTimersByTimeAsync(HEARTBEAT_MS)
    expect(catchUp).toHaveBeenCalledTimes(2)
  })

  it("does not catch up while it cannot act, nor on a server (no background work there)", async () => {
    const catchUp = jest.fn().mockResolvedValue(undefined)
    await startHeartbeat({ configModule, logger }, catchUp)
    await jest.advanceTimersByTimeAsync(HEARTBEAT_MS)
    expect(catchUp).not.toHaveBeenCalled()
    await stopHeartbeat()
    faults.mockResolvedValue([])
    await startHeartbeat(
      { configModule: { projectConfig: { workerMode: "server" } }, logger },
      catchUp
    )
    await jest.advanceTimersByTimeAsync(HEARTBEAT_MS)
    expect(catchUp).not.toHaveBeenCalled()
  })

  it("runs one catch-up at a time in the process, and a stop waits for it", async () => {
    let finish: () => void = () => undefined
    const running = new Promise<void>((resolve) => (finish = resolve))
    const catchUp = jest.fn().mockReturnValue(running)
    faults.mockResolvedValue([])
    await startHeartbeat({ configModule, logger }, catchUp)
    faults.mockResolvedValue([FAULT])
    await reportNow()
    faults.mockResolvedValue([])
    await reportNow()
    expect(catchUp).toHaveBeenCalledTimes(1)
    let stoppedYet = false
    const stopping = stopHeartbeat().then(() => (stoppedYet = true))
    await Promise.resolve()
    expect(stoppedYet).toBe(false)
    finish()
    await stopping
    expect(stoppedYet).toBe(true)
  })
})
