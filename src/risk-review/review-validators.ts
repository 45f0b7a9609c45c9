/** Body of POST /admin/acquiring/payments/:id/review. */
import { z } from "zod"

export const AdminReviewBody = z
  .object({
    decision: z.enum(["release", "reject"], {
      error: 'must be "release" or "reject"',
    }),
  })
  .strict()

export type AdminReviewBody = z.infer<typeof AdminReviewBody>
