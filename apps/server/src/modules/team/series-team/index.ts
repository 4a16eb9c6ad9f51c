// A team per series (issue 37 §3): who is on which series' team, with which role.
// The access guard, the chapter rules and the import runner: a user's place on one series; the
// session: all of them.
export { memberRoleOn, seriesRolesOf, type MemberRole } from './queries/members';
