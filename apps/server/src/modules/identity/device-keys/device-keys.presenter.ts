import type { DeviceKey } from '@inkwell/contract';
import type { ListedDeviceKey } from './device-keys.repository';

export const toDeviceKey = (row: ListedDeviceKey): DeviceKey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  lastUsedAddress: row.lastUsedAddress,
});
