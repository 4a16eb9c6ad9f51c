export { adsRoutes } from './ads.routes';
