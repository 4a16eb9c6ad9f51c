// Users (identity): who an account is. Other modules read users through the queries below, change
// them through its commands, and join a row's user with its SQL fragments (users.sql.ts).
export { toProfileData, toSessionUser } from './users.presenter';
// comments, payments, payouts, auth's sessions and device keys: a row's user joined in the row's own
// query (joinUser) with the named columns each shows; payouts: which givers its supporters show.
export {
  authUserColumns,
  type AuthUser,
  joinUser,
  userAuthorColumns,
  userContactColumns,
  userNameColumns,
  userShownAsSupporter,
  userStandingColumns,
  type UserRow,
} from './users.sql';
// auth, two-factor, device keys, payments, the command line: finding a user; comments: a banned
// reader writes nothing; site-config: 2FA read fresh; payouts: which ids are users (a series' payees).
export {
  countUsers,
  existingUserIds,
  findAuthUser,
  findUserByEmail,
  findUserById,
  findUserByLogin,
  findUserByUsername,
  hasTwoFactor,
  isUserBanned,
  userNamedMeets,
} from './queries/lookups';
// auth and the command line: an account's row, password, language and role; device keys: a limit per user.
export { insertUser, lockUser, setUserPreferences, updateUserPassword, updateUserRole } from './commands/account';
// auth: a confirmed or undone change of e-mail address (issue 36 §2).
export { setUserEmail } from './commands/email';
// profile: a reader's name (and the names given up, held for them), bio and avatar; auth's sign-up: a
// name taken under its lock, never one held for someone.
export {
  countUsernameHolds,
  lockProfile,
  lockUsernames,
  renameUser,
  setUserAvatar,
  setUserBio,
  usernameHolder,
} from './commands/profile';
// two-factor: the secret and the last accepted step, in its transactions.
export { claimTwoFactorStep, proposeTwoFactorSecret, turnOffTwoFactor, turnOnTwoFactor } from './commands/two-factor';
// wallet: a reader's balance is users.coins, moved by the wallet (its ledger row beside it) in its
// transaction; whether an unlock's buyer holds a premium pass, read in that transaction; the store options.
export { coinsAndSettingsOf, coinsInWallets, hasPremiumPassNow } from './queries/wallet';
export { addCoins, lockCoins, setStoreSettings } from './commands/wallet';
// notifications: a reader's new-chapter mail choice (users columns), and the bell's counts read as one
// row of the reader's.
export { bellCountsQuery, findNewChapterEmail } from './queries/notifications';
export { setNewChapterEmail } from './commands/notifications';
// admin-users: the team's list and page of users (auth's columns about each user passed in, written
// against userIdRef, as users cannot import auth), and a role or ban changed under the admins' locks.
export {
  findTeamUser,
  isCountedByRole,
  teamUserCountQuery,
  teamUserPageQuery,
  type SearchScan,
  type UserFilter,
} from './queries/team-users';
export { userIdRef } from './users.sql';
export { lockActiveAdmins, lockUserAccount, setRoleAndBan } from './commands/team-users';
export { anonymiseUser } from './commands/account-erasure';
