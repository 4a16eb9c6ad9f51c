// Who may read what (DESIGN §5): the reading rules, who is premium and who is team, the viewer of
// a request and what is kept about them for a few seconds.
export {
  accessClass,
  canReadChapter,
  chapterAccess,
  earlyAccessOf,
  isListed,
  isTeam,
  openUntilOf,
  TEAM_VIEWER,
  viewerInSeries,
  VISITOR,
  type ChapterForAccess,
  type Viewer,
} from './access';
// "Premium now" and "a subscription runs" as SQL (access.sql.ts): users' columns, subscriptions' and
// metrics' counts compose them.
export { currentPlanName, hasPremiumPass, premiumPassColumn, runningSubscribersOfPlan, subscriptionRunning } from './access.sql';
export { membershipOf, viewerOf } from './viewer';
export { createViewerCache, type ViewerCache } from './viewer-cache';
export { isTeamRole } from '@inkwell/contract';
