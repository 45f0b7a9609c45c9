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
})
