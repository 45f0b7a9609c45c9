import { submitCard } from "../../../../../acquiring-glue/card-route"

export const POST = submitCard
