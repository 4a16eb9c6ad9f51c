export { createJobs, type JobData, type Jobs } from './jobs';
export { eraseJobsMentioning } from './commands/account-erasure';
