/**
 * What a spec gets from acquiringSuite() (acquiring-suite.ts): its own file
 * so the helpers that take a suite or a shop need not import the suite.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import type { HttpClient } from "../../dev/store-client/http-client"
import type { RegionSeed, SeededStore } from "../../dev/local-stack/seed-store"
import type { createReadyCart } from "../../dev/store-client/storefront"
import type { captureLogs } from "./log-capture"
import type { TestSandbox } from "./sandbox"
import type { WebhookTracker } from "./webhook-tracker"

export type ReadyCartOptions = Parameters<typeof createReadyCart>[2]

/** A seeded store with its clients: the storefront's and an admin's. */
export type Shop = {
  seeded: SeededStore
  store: HttpClient
  admin: HttpClient
  /**
   * A cart ready for payment (`createReadyCart`). The file's store keeps a
   * few of the default one (USD, one item, the shopper's e-mail) built
   * before the database snapshot: each test gets them as they were, since
   * the database is restored, without running Medusa's cart and shipping
   * workflows again (about 1 s of CPU an order). Past those, the first
   * cart of a kind (currency, quantity, e-mail) a store client asks for in
   * a test is built through the store API and the next ones are copies of
   * its rows (helpers/cart-copies.ts).
   */
  readyCart(options?: ReadyCartOptions): Promise<any>
  /** The plugin's state of a payment session (its table; Medusa's `data` holds only the storefront view). */
  stored(sessionId: string): Promise<any>
  /** The plugin's state behind a session's or payment's `data` as Medusa stores it. */
  state(data: any): Promise<any>
  /** Moves the session's attempts `ms` into the past, as if that time had gone by. */
  backdateAttempts(sessionId: string, ms: number): Promise<void>
}

export type AcquiringSuite = {
  sandbox: TestSandbox
  backendUrl(): string
  databaseUrl(): string
  container(): MedusaContainer
  /** Medusa's handling of the webhooks this instance received, and how many its route queued. */
  webhooks: WebhookTracker & { received(): number }
  /** Console lines recorded since the test began. */
  logs: ReturnType<typeof captureLogs>
  /**
   * A store offering both acquiring providers; call inside each test. The
   * file's store (USD) is seeded once and restored with the database
   * before each test; with `shopPerTest` each call seeds a store of
   * `regions` (USD by default). Named `regions` always seed a store of
   * their own (its sales channel, key and regions) beside the file's: a
   * region's countries must then be others than the file's store's (US).
   */
  openShop(regions?: RegionSeed[]): Promise<Shop>
  /**
   * A card number this test types into one of Medusa's own columns (an
   * address, a customer field: what Medusa keeps as typed, docs/security.md):
   * the after-test scan leaves exactly that run in exactly that column alone.
   */
  keptByMedusa(hit: { table: string; column: string; run: string }): void
  /**
   * Lines Medusa writes of what this test hands it with a card number on
   * purpose, out of the plugin's reach (its router's debug lines before any
   * plugin code runs, its notification module's log of a notice the test
   * plants; docs/security.md): the after-test log scan leaves lines
   * matching this alone.
   */
  loggedByMedusa(line: RegExp): void
}
