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
  setAutoUnlock,
  updateUserPassword,
  updateUserRole,
  type UserRow,
} from './users.repository';
