export { createMailer, type Mailer } from './mailer';
export { eraseMailTo } from './commands/account-erasure';
