import { Module } from "@medusajs/framework/utils"
import AcquiringModuleService from "./service"

export const ACQUIRING_MODULE = "acquiring"

export default Module(ACQUIRING_MODULE, { service: AcquiringModuleService })

export { AcquiringModuleService }
