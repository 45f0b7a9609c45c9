import { browserReturn } from "../../../acquiring-glue/return-route"

// outside /store: the service's redirect cannot carry the publishable key header
export const GET = browserReturn("return")
export const POST = browserReturn("return")
