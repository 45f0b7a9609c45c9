export {
  shipmentCreated as default,
  shipmentCreatedConfig as config,
} from "../capture/capture-due-subscribers"
