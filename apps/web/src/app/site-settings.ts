// The public settings live in lib/ (the error page and the features read them too).
export { useSiteSettings } from '../lib/site-settings';
