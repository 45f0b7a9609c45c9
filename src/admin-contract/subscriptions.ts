/** The admin's subscriptions list: its query and its answer's shape. */
import { z } from "zod"
import { pageNumber } from "./list-query"

export const SubscriptionListQuery = z
  .object({
    limit: pageNumber("limit", 200, 50),
    offset: pageNumber("offset", 100_000, 0),
  })
  .strict()

export type SubscriptionListQueryType = z.infer<typeof SubscriptionListQuery>
