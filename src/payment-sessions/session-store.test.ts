import {
  useMemoryModule,
  dropMemoryModule,
} from "../modules/acquiring/__fixtures__/memory-module"
import { A, result, RULES, session, SHOPPER } from "./__fixtures__/sessions"
import {
  medusaData,
  readSession,
  readSessions,
  writeSession,
} from "./session-store"
import { memorySessionStates } from "../accounts/__fixtures__/test-gateway"
import { applyResult } from "./transitions"

/** Medusa merges an update into the stored data, nested objects included (MikroORM's mergeObjectProperties). */
function mergeLikeMedusa(stored: any, update: any): any {
  const out: any = { ...stored }
  for (const [key, value] of Object.entries(update)) {
    out[key] =
      value &&
      typeof value === "object" &&
      !Array.isArray(value) &&
      out[key] &&
      typeof out[key] === "object"
        ? mergeLikeMedusa(out[key], value)
        : value
  }
  return JSON.parse(JSON.stringify(out))
}

const PRIVATE = SHOPPER

describe("session store", () => {
  let states: ReturnType<typeof memorySessionStates>
  beforeEach(() => {
    states = memorySessionStates()
    useMemoryModule(states)
  })
  afterAll(() => dropMemoryModule())

  it("keeps the whole state in the plugin's table and gives Medusa the storefront view with the session id", async () => {
    const data = {
      ...applyResult(
        session("sent"),
        result("1", { card: "424242******4242" }),
        RULES
      ),
      ...PRIVATE,
    }
    const shown = JSON.parse(JSON.stringify(await writeSession(data)))
    expect(shown).toEqual({
      session_id: "payses_1",
      status: "authorized",
      card_masked: "424242******4242",
      result: { code: "0000", text: "Success" },
    })
    const text = JSON.stringify(shown)
    for (const secret of [
      A,
      "T1",
      "203.0.113.9",
      "Mozilla",
      "shopper@example.test",
    ])
      expect(text).not.toContain(secret)
    expect(states.rows.get("payses_1")).toMatchObject({
      order_no: A,
      client: PRIVATE.client,
      cart: { email: "shopper@example.test" },
    })
    expect(await readSession(shown)).toMatchObject({
      order_no: A,
      status: "authorized",
    })
  })

  it("moves data stored in the old shape on its next write, leaving none of it in Medusa's merged data", async () => {
    const legacy = {
      ...session("authorized", { status: "authorized" }),
      ...PRIVATE,
    }
    // nothing in the table yet: the old shape is read as it is
    const read = await readSession(legacy)
    expect(read).toMatchObject({
      order_no: A,
      cart: { email: "shopper@example.test" },
    })
    const merged = mergeLikeMedusa(legacy, await writeSession(read))
    expect(Object.keys(merged).sort()).toEqual(["session_id", "status"])
    expect(await readSession(merged)).toMatchObject({
      order_no: A,
      client: PRIVATE.client,
    })
  })

  it("clears a 3-D Secure form from Medusa's data once the challenge is answered", async () => {
    const challenged = {
      ...session("requires_more", { status: "requires_more" as const }),
      three_ds: {
        issuer_url: "https://issuer.example/acs",
        form: {
          action: "https://issuer.example/acs",
          method: "POST" as const,
          inputs: { PaReq: "x" },
        },
      },
    }
    const first = mergeLikeMedusa({}, await writeSession(challenged))
    expect(first.three_ds.form.inputs).toEqual({ PaReq: "x" })
    expect(first.three_ds).not.toHaveProperty("issuer_url")
    const answered = {
      ...challenged,
      status: "authorized" as const,
      three_ds: { result: "AUTHENTICATED" },
    }
    const after = mergeLikeMedusa(first, await writeSession(answered))
    expect(after.three_ds).toEqual({ result: "AUTHENTICATED" })
  })

  it("reads many sessions with one query", async () => {
    await writeSession({
      ...session("sent"),
      session_id: "payses_a",
      order_no: "A",
    })
    await writeSession({
      ...session("sent"),
      session_id: "payses_b",
      order_no: "B",
    })
    const read = jest.spyOn(states, "read")
    const found = await readSessions([
      { session_id: "payses_a" },
      { session_id: "payses_b" },
      null,
    ])
    expect(found.map((d) => d.order_no)).toEqual(["A", "B", undefined])
    expect(read).toHaveBeenCalledTimes(1)
  })

  it("refuses to write a state it could not find again", async () => {
    const { session_id: _dropped, ...anonymous } = session("sent")
    expect(() => medusaData(anonymous)).toThrow(/session_id/)
    await expect(writeSession(anonymous)).rejects.toThrow(/session_id/)
  })
})
