import { browserReturn } from "../../browser-return"

export const GET = browserReturn("return")
export const POST = browserReturn("return")
