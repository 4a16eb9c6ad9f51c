export { deviceKeysRoutes } from './device-keys.routes';
export { createDeviceKeysService, type DeviceKeyReader, type DeviceKeysService } from './device-keys.service';
