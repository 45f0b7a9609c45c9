import { browserReturn } from "../../../../acquiring-glue/return-route"

export const GET = browserReturn("cancel")
export const POST = browserReturn("cancel")
