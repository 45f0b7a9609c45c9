import { setImmediate as nextTurn } from "node:timers/promises"
import {
  useMemoryModule,
  dropMemoryModule,
} from "../modules/acquiring/__fixtures__/memory-module"
import { memorySessionStates } from "../accounts/__fixtures__/test-gateway"
import { takeIntake, withIntake } from "./intake"

describe("a session's intake", () => {
  let states: ReturnType<typeof memorySessionStates>
  beforeEach(() => {
    states = memorySessionStates()
    useMemoryModule(states)
  })
  afterAll(() => dropMemoryModule())

  it("is taken once, inside the run that holds it, with nothing written", async () => {
    const write = jest.spyOn(states, "write")
    let token = ""
    const taken = await withIntake(
      { client: { ip: "192.0.2.7" } },
      async (t) => {
        token = t
        // as Medusa's workflow reaches the provider: later turns of the same request
        await nextTurn()
        return [await takeIntake(t), await takeIntake(t)]
      }
    )
    expect(token).toMatch(/^intake:[A-Za-z0-9_-]{24}$/)
    expect(taken).toEqual([{ client: { ip: "192.0.2.7" } }, undefined])
    expect(write).not.toHaveBeenCalled()
    expect(states.rows.size).toBe(0)
  })

  it("is not given outside its run, nor to another run, nor for what is not a token", async () => {
    const token = withIntake({ cart: { id: "cart_1" } }, (t) => t)
    expect(await takeIntake(token)).toBeUndefined()
    await withIntake({ cart: { id: "cart_2" } }, async () => {
      expect(await takeIntake(token)).toBeUndefined()
    })
    await withIntake({ cart: { id: "cart_3" } }, async (own) => {
      expect(await takeIntake("payses_1")).toBeUndefined()
      expect(await takeIntake({ toString: () => own })).toBeUndefined()
      expect(await takeIntake(`${own}${"x".repeat(40)}`)).toBeUndefined()
      expect(await takeIntake(own)).toEqual({ cart: { id: "cart_3" } })
    })
  })

  it("still takes, once, an intake an earlier version kept in the plugin's table", async () => {
    await states.write("intake:kept-by-an-earlier-version", {
      cart: { id: "cart_9" },
    })
    expect(await takeIntake("intake:kept-by-an-earlier-version")).toEqual({
      cart: { id: "cart_9" },
    })
    expect(
      await takeIntake("intake:kept-by-an-earlier-version")
    ).toBeUndefined()
    expect(states.rows.size).toBe(0)
  })
})
