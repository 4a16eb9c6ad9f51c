export { toProfileData, toSessionUser } from './users.presenter';
export {
  authUserColumns,
  type AuthUser,
  coinsAndSettingsOf,
  claimTwoFactorStep,
  countUsers,
  findAuthUser,
  findUserByEmail,
  findUserById,
  findUserByLogin,
  findUserByUsername,
  hasTwoFactor,
  insertUser,
  isUniqueViolation,
  // comments: a banned reader writes nothing.
  isUserBanned,
  joinUser,
  lockUser,
  proposeTwoFactorSecret,
  setStoreSettings,
  setUserLocale,
  turnOffTwoFactor,
  turnOnTwoFactor,
  updateUserPassword,
  updateUserRole,
  // comments: a comment's author (userAuthorColumns) and a report's sender (userNameColumns), beside joinUser.
  userAuthorColumns,
  userContactColumns,
  userNameColumns,
  userNamedMeets,
  userStandingColumns,
  type UserRow,
} from './users.repository';
// wallet: a reader's balance is users.coins, moved by the wallet (its ledger row beside it) in its
// transaction; and whether an unlock's buyer holds a premium pass, read in that transaction.
export { addCoins, coinsInWallets, hasPremiumPassNow, lockCoins } from './users.repository';
// notifications: a reader's new-chapter mail choice (users columns), and the bell's counts read as one
// row of the reader's.
export { findNewChapterEmail, selectForUser, setNewChapterEmail } from './users.repository';
// payouts: which ids are users (a series' payees) and which givers its supporters show, beside joinUser.
export { existingUserIds, userShownAsSupporter } from './users.repository';
// admin-users: the team's list and page of users (auth's columns about each user passed in, written
// against userIdRef, as users cannot import auth), and a role or ban changed under the admins' locks.
export {
  findTeamUser,
  isCountedByRole,
  lockActiveAdmins,
  lockUserAccount,
  setRoleAndBan,
  teamUserCountQuery,
  teamUserPageQuery,
  type UserFilter,
  userIdRef,
} from './team-users.repository';
