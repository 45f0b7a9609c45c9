import { browserReturn } from "../../../../acquiring-glue/return-route"

export const GET = browserReturn("return")
export const POST = browserReturn("return")
