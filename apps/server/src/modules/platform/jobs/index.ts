export { createJobs, type JobData, type Jobs } from './jobs';
