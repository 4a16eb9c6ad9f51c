// A reader's own data (issue 36 §3): the export of everything held about them, and the account's
// deletion (by them, or by an admin). Each part is asked of its table's owner.
export { accountDataRoutes } from './account-data.routes';
export { createAccountData } from './account-data.service';
