export { deviceKeysRoutes } from './device-keys.routes';
export { createDeviceKeysService, type DeviceKeyReader, type DeviceKeysService } from './device-keys.service';
export { deviceKeysForExport } from './queries/account-export';
export { eraseDeviceKeysOf } from './commands/account-erasure';
