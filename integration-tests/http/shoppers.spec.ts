/*
 * One Medusa app for the cases of these files, which need the same app
 * (the local stack's default options): a boot is about 15 s of a test file,
 * the cases themselves are what is tested. Each file's cases keep their
 * own describe.
 */
import { acquiringSuite } from "../helpers/acquiring-suite"
import { ownershipCases } from "./ownership.cases"
import { storefrontExposureCases } from "./storefront-exposure.cases"
import { budget } from "../setup/time-budget"

jest.setTimeout(budget(240_000))

acquiringSuite((suite) => {
  describe("ownership", () => ownershipCases(suite))
  describe("storefront-exposure", () => storefrontExposureCases(suite))
})
