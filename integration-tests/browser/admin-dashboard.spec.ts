/*
 * One Medusa app, one admin dashboard and one Chromium for the cases of
 * these files, which need the same app (the local stack's default options):
 * the dashboard's first build and Medusa's boot are a large part of a
 * browser file. Each file's cases keep their own describe.
 */
import { randomBytes } from "node:crypto"
import { adminDashboard } from "../helpers/admin-browser"
import { acquiringSuite } from "../helpers/acquiring-suite"
import { adminPagesCases } from "./admin-pages.cases"
import { chargebacksCases } from "./chargebacks.cases"
import { subscriptionsPageCases } from "./subscriptions.cases"
import { merchantChargesCases } from "./merchant-charges.cases"
import { paymentsOverviewPageCases } from "./payments-overview.cases"
import { orderWidgetMoneyCases } from "./order-widget-money.cases"
import { orderPageMoneyStatesCases } from "./order-page-money-states.cases"
import { budget } from "../setup/time-budget"

jest.setTimeout(budget(300_000))

// an admin account that captures on fulfilment (order-widget-money) seals its sign key under this key
process.env.ACQUIRING_SETTINGS_KEY ??= randomBytes(32).toString("hex")

// before the suite: its beforeAll points Medusa at the dashboard's origin
const admin = adminDashboard()

acquiringSuite((suite) => {
  describe("admin-pages", () => adminPagesCases(suite, admin))
  describe("order-widget-money", () => orderWidgetMoneyCases(suite, admin))
  describe("order-page-money-states", () =>
    orderPageMoneyStatesCases(suite, admin))
  describe("chargebacks", () => chargebacksCases(suite, admin))
  describe("subscriptions", () => subscriptionsPageCases(suite, admin))
  describe("merchant-charges", () => merchantChargesCases(suite, admin))
  describe("payments-overview", () => paymentsOverviewPageCases(suite, admin))
})
