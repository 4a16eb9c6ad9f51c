export { disableTwoFactor } from './two-factor.repository';
export { twoFactorRoutes } from './two-factor.routes';
export { createTwoFactorService } from './two-factor.service';
