import { InvalidInputError } from "../errors"
import {
  approved,
  clientOnFakeGateway,
  order,
  respon,
  resultSignature,
  sha,
} from "./__fixtures__/signed-respon"

describe("stored cards", () => {
  const { client, gateway } = clientOnFakeGateway()

  const {
    card: _c,
    expiration_month: _m,
    expiration_year: _y,
    ...orderOnly
  } = order
  const storedOrder = {
    ...orderOnly,
    order_no: "ORD-1002",
    token_id: "TK_9f8e7d",
    security_code: "321",
  }

  it("pays with a token: empty card fields on the wire and in the signature", async () => {
    const c = await client(() => ({
      body: respon(approved(storedOrder, { card: "424242******4242" })),
    }))
    const result = await c.authorize(storedOrder)
    const body = JSON.parse(gateway().requests[0].body)
    expect(body).toMatchObject({
      token_id: "TK_9f8e7d",
      card: "",
      expiration_month: "",
      expiration_year: "",
      security_code: "321",
    })
    // merchant, account, order_no, currency, amount, first and last name,
    // card, year, month (all three empty), security code, e-mail, key
    expect(body.encryption_data).toBe(
      sha(
        "M100A200ORD-1002USD15.00MaryAnnDoe" +
          "" +
          "" +
          "" +
          "321mary@example.comKey-0fTest"
      )
    )
    expect(result.card).toBe("424242******4242")
    expect(result.order_status).toBe("1")
  })

  it("sends an empty security code for a payment the shopper does not attend", async () => {
    const { security_code: _s, ...unattended } = storedOrder
    const c = await client(() => ({ body: respon(approved(unattended)) }))
    await c.authorize(unattended)
    const body = JSON.parse(gateway().requests[0].body)
    expect(body.security_code).toBe("")
    expect(body.encryption_data).toBe(
      sha("M100A200ORD-1002USD15.00MaryAnnDoemary@example.comKey-0fTest")
    )
  })

  it("asks to keep a typed card with token_flag YES and reads the token from the result", async () => {
    const keep = { ...order, token_flag: "YES" as const }
    const c = await client(() => ({
      body: respon(approved(keep, { token_id: "TK_new_1" })),
    }))
    const result = await c.authorize(keep)
    const body = JSON.parse(gateway().requests[0].body)
    expect(body.token_flag).toBe("YES")
    expect(body.card).toBe("4242424242424242")
    // token_flag is not signed: the typed card's signature is unchanged
    expect(body.encryption_data).toBe(
      sha(
        "M100A200ORD-1001USD15.00MaryAnnDoe4242424242424242203007123mary@example.comKey-0fTest"
      )
    )
    expect(result.token_id).toBe("TK_new_1")
  })

  it("reads an empty token_id in the respon as undefined", async () => {
    const c = await client(() => ({
      body: respon(approved(order, { token_id: "" })),
    }))
    expect((await c.authorize(order)).token_id).toBeUndefined()
  })

  it("refuses a typed-card order without the card number, sending nothing", async () => {
    const c = await client(() => ({ body: respon(approved(order)) }))
    const error = await c
      // @ts-expect-error the type refuses it too; this is the check for untyped callers
      .authorize({
        ...orderOnly,
        expiration_month: "07",
        expiration_year: "2030",
      })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(InvalidInputError)
    expect((error as InvalidInputError).field).toBe("card")
    expect(gateway().requests).toHaveLength(0)
  })

  it("refuses a token order that carries a card number, sending nothing and echoing nothing", async () => {
    const c = await client(() => ({ body: respon(approved(order)) }))
    const error = await c
      // @ts-expect-error the type refuses it too; this is the check for untyped callers
      .authorize({ ...storedOrder, card: "4242424242424242" })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(InvalidInputError)
    expect((error as InvalidInputError).field).toBe("card")
    expect((error as Error).message).not.toContain("4242")
    expect(gateway().requests).toHaveLength(0)
  })

  it("verifies a browser return and a notification carrying token_id", async () => {
    const c = await client(() => ({ body: "" }))
    const fields = {
      ...approved(order),
      payment_status: "2000",
      token_id: "TK_new_1",
    }
    const signed = { ...fields, encryption_data: resultSignature(fields) }
    expect(c.verifyResult(signed).token_id).toBe("TK_new_1")
    const note = { ...fields, notify_type: "PAYMENT" }
    expect(
      c.verifyNotification({
        ...note,
        encryption_data: resultSignature(note),
      }).token_id
    ).toBe("TK_new_1")
    const empty = { ...fields, token_id: "" }
    expect(
      c.verifyResult({ ...empty, encryption_data: resultSignature(empty) })
        .token_id
    ).toBeUndefined()
  })
})
