import { browserReturn } from "../../../../authorization/browser-return-route"

export const GET = browserReturn("return")
export const POST = browserReturn("return")
