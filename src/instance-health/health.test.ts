import type { ConfigurationFault } from "../accounts/configuration-faults"
import {
  instanceHealth,
  instanceFaultText,
  isPerInstance,
  LIVE_MS,
  type InstanceReport,
  type Self,
} from "./health"
import { instanceRole } from "./role"

const NOW = new Date("2026-11-27T12:00:00.000Z")
const ago = (ms: number) => new Date(NOW.getTime() - ms)

const MISSING_KEY: ConfigurationFault = {
  reason:
    'Acquiring account "Main": Set ACQUIRING_SETTINGS_KEY (32 bytes, base64 or hex) in the backend\'s environment to store sign keys encrypted; generate one with `openssl rand -base64 32` Then open the account in Settings → Acquiring and use Replace to store its sign key again if the key changed.',
  providers: ["pp_acquiring-card_acquiring", "pp_acquiring-hosted_acquiring"],
  account_id: "acqacc_1",
}
const WRONG_KEY: ConfigurationFault = {
  reason:
    'Acquiring account "Main": the stored sign key cannot be decrypted: it was altered, or sealed under another ACQUIRING_SETTINGS_KEY Then open the account in Settings → Acquiring and use Replace to store its sign key again if the key changed.',
  providers: [],
  account_id: "acqacc_1",
}
const NOT_CONFIGURED: ConfigurationFault = {
  reason: "Acquiring is not configured: add an account in Settings → Acquiring",
  providers: [],
  account_id: null,
}

function report(
  role: InstanceReport["role"],
  overrides: Partial<InstanceReport> = {}
): InstanceReport {
  return {
    id: `${role}-${Math.random()}`,
    role,
    host: `${role}-host`,
    pid: 42,
    faults: [],
    started_at: ago(3_600_000),
    seen_at: ago(5_000),
    stopped_at: null,
    ...overrides,
  }
}

const server: Self = {
  id: "self",
  role: "server",
  started_at: ago(3_600_000),
  faults: [],
}

describe("which role an instance has", () => {
  it("takes medusa-config's workerMode over MEDUSA_WORKER_MODE, shared by default", () => {
    const config = (workerMode?: string) => ({ projectConfig: { workerMode } })
    expect(
      instanceRole(config("worker"), { MEDUSA_WORKER_MODE: "server" })
    ).toBe("worker")
    expect(instanceRole(config(), { MEDUSA_WORKER_MODE: "server" })).toBe(
      "server"
    )
    expect(instanceRole(config(), {})).toBe("shared")
    expect(instanceRole(undefined, { MEDUSA_WORKER_MODE: "nonsense" })).toBe(
      "shared"
    )
  })
})

describe("what the admin is told about the other instances", () => {
  it("names the worker that cannot decrypt the sign key, the fix and what waits", () => {
    const health = instanceHealth(
      [report("worker", { faults: [MISSING_KEY] })],
      server,
      NOW
    )
    expect(health.instance_faults).toHaveLength(1)
    const [fault] = health.instance_faults
    expect(fault).toMatchObject({
      role: "worker",
      instances: 1,
      account_id: "acqacc_1",
    })
    expect(fault.reason).toMatch(
      /^The worker cannot decrypt the sign key of the account "Main": set ACQUIRING_SETTINGS_KEY on it/
    )
    expect(fault.reason).toMatch(
      /queued notifications \(a server handles the others at once\), captures on fulfilment or shipment/
    )
    expect(fault.reason).toMatch(/catches up on them at once\./)
    expect(health.background.warning).toBeNull()
  })

  it("says a key sealed under another settings key differs on that instance", () => {
    expect(instanceFaultText("worker", 1, WRONG_KEY.reason)).toMatch(
      /The worker cannot decrypt .* "Main": its ACQUIRING_SETTINGS_KEY is not the one/
    )
  })

  it("tells a server's faults as payments refused there, and counts instances alike", () => {
    const health = instanceHealth(
      [
        report("server", { faults: [MISSING_KEY] }),
        report("server", { faults: [MISSING_KEY] }),
        report("worker"),
      ],
      { ...server, role: "shared" },
      NOW
    )
    expect(health.instance_faults).toEqual([
      expect.objectContaining({ role: "server", instances: 2 }),
    ])
    expect(health.instance_faults[0].reason).toMatch(
      /^2 server instances cannot decrypt .* on each of them/
    )
    expect(health.instance_faults[0].reason).toMatch(
      /Card payments reaching each of them are refused/
    )
  })

  it("leaves out stale instances and this instance's own row", () => {
    const health = instanceHealth(
      [
        report("worker", { faults: [MISSING_KEY], seen_at: ago(LIVE_MS + 1) }),
        report("worker", { id: "self", faults: [WRONG_KEY] }),
        report("worker"),
      ],
      server,
      NOW
    )
    expect(health.instance_faults).toEqual([])
    expect(health.instances.map((i) => [i.live, i.self])).toEqual([
      [false, false],
      [true, true],
      [true, false],
    ])
  })

  it("does not repeat a shared-settings fault this instance shows already, but keeps one of the environment", () => {
    const health = instanceHealth(
      [report("worker", { faults: [NOT_CONFIGURED, MISSING_KEY] })],
      { ...server, faults: [NOT_CONFIGURED, MISSING_KEY] },
      NOW
    )
    expect(health.instance_faults.map((f) => f.account_id)).toEqual([
      "acqacc_1",
    ])
    expect(isPerInstance(NOT_CONFIGURED.reason)).toBe(false)
    expect(isPerInstance(MISSING_KEY.reason)).toBe(true)
  })
})

describe("a missing worker", () => {
  it("is warned of when no worker or shared instance reported within the bound, with when one last did", () => {
    const health = instanceHealth(
      [report("worker", { seen_at: ago(LIVE_MS + 60_000) }), report("server")],
      server,
      NOW
    )
    expect(health.background.seen_at).toBe(ago(LIVE_MS + 60_000).toISOString())
    expect(health.background.warning).toMatch(
      /No worker \(or shared instance\) has reported in the last 60 s/
    )
    expect(health.background.warning).toMatch(
      /queued notifications \(a server handles the others at once\)/
    )
    expect(health.background.warning).toMatch(/MEDUSA_WORKER_MODE=worker/)
    expect(health.background.warning).toContain(
      ago(LIVE_MS + 60_000).toISOString()
    )
  })

  it("names the worker that went silent and since when, not one that stopped cleanly before it", () => {
    // worker A stops cleanly; worker B goes on reporting, then is killed
    const a = report("worker", {
      host: "host-a",
      pid: 101,
      seen_at: ago(200_000),
      stopped_at: ago(199_000),
    })
    const b = report("worker", {
      host: "host-b",
      pid: 202,
      seen_at: ago(LIVE_MS + 5_000),
    })
    const warning = instanceHealth([b, a], server, NOW).background.warning
    expect(warning).toMatch(
      new RegExp(
        `^No worker \\(or shared instance\\) has reported in the last 60 s: the worker on host-b \\(pid 202\\) has not reported since ${ago(LIVE_MS + 5_000).toISOString()} and did not say it stopped`
      )
    )
    expect(warning).not.toContain("host-a")
    expect(warning).not.toContain(ago(199_000).toISOString())
  })

  it("names the one that stopped when it stopped after the silent one's last report and beat", () => {
    const silent = report("worker", {
      host: "host-b",
      seen_at: ago(3_600_000),
    })
    const stopped = report("shared", {
      host: "host-c",
      pid: 7,
      seen_at: ago(70_000),
      stopped_at: ago(65_000),
    })
    expect(
      instanceHealth([silent, stopped], server, NOW).background.warning
    ).toMatch(
      new RegExp(
        `is running: the last one, the shared instance on host-c \\(pid 7\\), stopped at ${ago(65_000).toISOString()}`
      )
    )
  })

  it("is warned of when none ever reported", () => {
    const health = instanceHealth([], server, NOW)
    expect(health.background).toEqual({
      seen_at: null,
      warning: expect.stringMatching(/No worker/),
    })
  })

  it("is not warned of when a shared instance reports, or when the answering one does background work", () => {
    expect(
      instanceHealth([report("shared")], server, NOW).background.warning
    ).toBeNull()
    expect(
      instanceHealth([], { ...server, role: "shared" }, NOW).background.warning
    ).toBeNull()
    expect(
      instanceHealth([], { ...server, role: "worker" }, NOW).background.warning
    ).toBeNull()
  })

  it("is not warned of while the answering server has been up for less than the bound", () => {
    expect(
      instanceHealth([], { ...server, started_at: ago(LIVE_MS - 1_000) }, NOW)
        .background.warning
    ).toBeNull()
  })

  it("is warned of at once when a worker stops while this server runs, even a server just started", () => {
    const young = { ...server, started_at: ago(30_000) }
    const stopped = report("worker", {
      started_at: ago(20_000),
      seen_at: ago(2_000),
      stopped_at: ago(1_000),
    })
    const health = instanceHealth([stopped], young, NOW)
    expect(health.instances[0]).toMatchObject({
      live: false,
      stopped_at: ago(1_000).toISOString(),
    })
    expect(health.background.warning).toMatch(
      new RegExp(
        `^No worker \\(or shared instance\\) is running: the last one, the worker on worker-host \\(pid 42\\), stopped at ${ago(1_000).toISOString()}`
      )
    )
    // one stopped before this server started (the last deploy's) leaves the new worker its time
    const earlier = report("worker", { stopped_at: ago(40_000) })
    expect(instanceHealth([earlier], young, NOW).background.warning).toBeNull()
    // another worker still running: nothing waits
    expect(
      instanceHealth([stopped, report("worker")], young, NOW).background.warning
    ).toBeNull()
  })
})
