export { toProfileData, toSessionUser } from './users.presenter';
export {
  authUserColumns,
  type AuthUser,
  coinsAndSettingsOf,
  countUsers,
  findAuthUser,
  findUserByEmail,
  findUserById,
  findUserByLogin,
  findUserByUsername,
  hasTwoFactor,
  insertUser,
  isUniqueViolation,
  setStoreSettings,
  updateUserPassword,
  updateUserRole,
  type UserRow,
} from './users.repository';
