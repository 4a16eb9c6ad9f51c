// A team per series (issue 37 §3): who is on which series' team, with which role.
// The access guard, the chapter rules and the import runner: a user's place on one series; the
// session (auth): all of them, read with the session's own query or at sign-in.
export { memberRoleOn, seriesRolesOf } from './queries/members';
export { seriesRolesColumn } from './series-team.sql';
// The app: the series' team in the access guard, and the chapter rules for its members.
export { seriesTeamPlugin } from './series-team.guard';
export { seriesTeamRoutes } from './series-team.routes';
export { createSeriesTeamService } from './series-team.service';
// account-data: a deleted account leaves every series' team.
export { eraseSeriesMembershipsOf } from './commands/account-erasure';
