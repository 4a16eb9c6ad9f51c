// the command line: an operator turns a locked-out user's two-factor sign-in off.
export { removeTwoFactor } from './commands/disable';
export { twoFactorRoutes } from './two-factor.routes';
export { createTwoFactorService } from './two-factor.service';
export { eraseRecoveryCodesOf } from './commands/confirm-identity';
