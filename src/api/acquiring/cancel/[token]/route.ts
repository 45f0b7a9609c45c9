import { browserReturn } from "../../../../authorization/browser-return-route"

export const GET = browserReturn("cancel")
export const POST = browserReturn("cancel")
