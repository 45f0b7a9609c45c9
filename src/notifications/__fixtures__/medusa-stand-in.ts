/**
 * Medusa as the notifications' tests stand it in: a container of the given
 * services, Query reading a payment session as the test says Medusa holds
 * it, and a workflow engine counting its runs.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"

/** What Medusa holds for the session: its payment, and its cart's order; `gone`: no such session. */
export type Held = { payment?: boolean; order?: boolean; gone?: boolean }

export function standIn(
  held: Held,
  services: Record<string, unknown> = {}
): { container: MedusaContainer; runs: { id: string; input: unknown }[] } {
  const runs: { id: string; input: unknown }[] = []
  const all: Record<string, unknown> = {
    ...services,
    query: {
      graph: async () => ({
        data: held.gone
          ? []
          : [
              {
                id: "payses_1",
                payment: held.payment ? { id: "pay_1" } : null,
                payment_collection: {
                  cart: { order: held.order ? { id: "order_1" } : null },
                },
              },
            ],
      }),
    },
    [Modules.WORKFLOW_ENGINE]: {
      run: async (id: string, options: { input: unknown }) => {
        runs.push({ id, input: options.input })
      },
    },
  }
  const container = {
    resolve: (key: string) => all[key],
  } as unknown as MedusaContainer
  return { container, runs }
}
