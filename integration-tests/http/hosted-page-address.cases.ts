import {
  type AcquiringSuite,
  HOSTED_PROVIDER,
} from "../helpers/acquiring-suite"
import { formsOf, open, submitForm } from "../../dev/store-client/browser"
import {
  cartWithSession,
  expectOrder,
  hostedCardFields,
} from "../helpers/checkout"
import { expectStatus } from "../../dev/store-client/http-client"
import { CARDS } from "../helpers/test-cards"
import { STOREFRONT_RETURN_URL } from "../../dev/local-stack/app-constants"

/** The address `POST …/hosted-page` answers: loaded once, then a notice that sends the shopper back. */
export function hostedPageAddressCases({
  openShop,
  backendUrl,
  sandbox,
}: AcquiringSuite): void {
  async function openedPage(shop: Awaited<ReturnType<typeof openShop>>) {
    const { cart, session } = await cartWithSession(shop, HOSTED_PROVIDER)
    const { url } = expectStatus(
      await shop.store.post(
        `/store/acquiring/payment-sessions/${session.id}/hosted-page`,
        {}
      ),
      200,
      "open the hosted page"
    ) as { url: string }
    const token = new URL(url).pathname.split("/").at(-1)!
    return { cart, session, url, token }
  }

  it("serves the page once; after that the address answers 410 with a way back through the browser return, also after payment", async () => {
    const shop = await openShop()
    const { cart, url, token } = await openedPage(shop)

    // a HEAD (a link checker, a proxy) does not use the address up
    expect((await fetch(url, { method: "HEAD" })).status).toBe(200)

    const first = await fetch(url, { redirect: "manual" })
    expect(first.status).toBe(200)
    expect(first.headers.get("cache-control")).toBe("no-store")
    const html = await first.text()
    const [checkoutForm] = formsOf(html, url, "checkout-data")
    expect(checkoutForm.action).toBe(`${sandbox.url()}/checkout`)

    // Back from the acquirer's page, a reload, anyone else holding the address
    const again = await fetch(url, { redirect: "manual" })
    expect(again.status).toBe(410)
    expect(again.headers.get("content-type")).toMatch(/^text\/html/)
    expect(again.headers.get("content-security-policy")).toMatch(
      /default-src 'none'/
    )
    expect(again.headers.get("cache-control")).toBe("no-store")
    const notice = await again.text()
    expect(notice).not.toContain("checkout-data")
    const [link] = notice.match(/href="[^"]+"/g) ?? []
    expect(link).toBe(`href="${backendUrl()}/acquiring/return/${token}"`)

    // the shopper pays in the page they loaded
    const cardPage = (await submitForm(checkoutForm)).visits.at(-1)!
    const [payForm] = formsOf(cardPage.text, cardPage.url)
    const back = await submitForm(payForm, hostedCardFields(CARDS.approved))
    expect(new URL(back.leftTo!).searchParams.get("status")).toBe("authorized")

    // after the payment the address still shows only the notice, whose link
    // confirms the outcome and lands on the storefront's return page
    expect((await fetch(url, { redirect: "manual" })).status).toBe(410)
    const followed = await open(`${backendUrl()}/acquiring/return/${token}`)
    const landing = new URL(followed.leftTo!)
    expect(`${landing.origin}${landing.pathname}`).toBe(STOREFRONT_RETURN_URL)
    expect(landing.searchParams.get("status")).toBe("authorized")
    expect(landing.searchParams.get("attempt")).toBe(token)
    await expectOrder(shop, cart.id)
  })

  it("an unknown address, and the token of a page the checkout route served, answer 404 with a notice", async () => {
    const shop = await openShop()
    const unknown = await fetch(
      `${backendUrl()}/acquiring/pages/${"ab".repeat(12)}`
    )
    expect(unknown.status).toBe(404)
    expect(unknown.headers.get("content-type")).toMatch(/^text\/html/)
    expect(await unknown.text()).toMatch(/expired/)

    const { session } = await cartWithSession(shop, HOSTED_PROVIDER)
    const path = `/store/acquiring/payment-sessions/${session.id}/checkout`
    const page = await shop.store.get(path)
    expectStatus(page, 200, "checkout page")
    const [form] = formsOf(page.text, `${backendUrl()}${path}`, "checkout-data")
    const token = form.inputs.order_no.slice(3)
    expect(
      (await fetch(`${backendUrl()}/acquiring/pages/${token}`)).status
    ).toBe(404)
  })

  it("the second tab's 400 carries Retry-After, the seconds until a new page may be opened", async () => {
    const shop = await openShop()
    const { session } = await cartWithSession(shop, HOSTED_PROVIDER)
    const path = `/store/acquiring/payment-sessions/${session.id}/hosted-page`
    const [a, b] = await Promise.all([
      shop.store.post(path, {}),
      shop.store.post(path, {}),
    ])
    const refused = [a, b].filter((answer) => answer.status !== 200)
    expect(refused).toHaveLength(1)
    expect(refused[0].status).toBe(400)
    const seconds = Number(refused[0].headers.get("retry-after"))
    expect(seconds).toBeGreaterThanOrEqual(1)
    expect(seconds).toBeLessThanOrEqual(5)
    expect(refused[0].data.message).toContain(`try again in ${seconds} seconds`)
  })
}
