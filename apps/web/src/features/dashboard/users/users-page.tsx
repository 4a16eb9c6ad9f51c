// i18n: not yet in the catalogues (issue 35)
import { ROLES, USER_STATUSES, type EndpointQuery } from '@inkwell/contract';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { RoleTag } from '../../../components/role-tag';
import { formatCoins } from '../../../lib/money';
import { formatDateTime, timeFromNow } from '../../../lib/time';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { CellLabel, HiddenTh, rowButton, stacked, StackedTable, Th } from '../components/data-table';
import { SelectField } from '../components/fields';
import { ListFrame, SearchBox } from '../components/list-frame';
import { oneOf, useListParams } from '../components/use-list-params';
import { useAdminUsers } from './api/list-users';
import { roleLabel, statusLabel, UserStatusBadges } from './user-ui';

/** The list's search, filters and page live in the URL, so a view can be reloaded and shared. */
function useUserQuery() {
  const { params, text, setText, setFilter, q, page } = useListParams();
  const role = oneOf(ROLES, params.get('role'));
  const status = oneOf(USER_STATUSES, params.get('status'));
  const query = useMemo(
    (): EndpointQuery<'adminUsers'> => ({
      page,
      ...(q ? { q } : {}),
      ...(role ? { role } : {}),
      ...(status ? { status } : {}),
    }),
    [page, q, role, status],
  );
  return { text, setText, role, status, setFilter, query, isFiltered: Boolean(q || role || status) };
}

/** /Dashboard/Users (admins): every account, newest first, found by name or e-mail, by role and status. */
export default function UsersPage() {
  useDocumentTitle('Users');
  const { text, setText, role, status, setFilter, query, isFiltered } = useUserQuery();
  const list = useAdminUsers(query);
  const navigate = useNavigate();

  return (
    <ListFrame
      title="Users"
      description="Every account, newest first. Open one to change its role, ban it or adjust its coins."
      filters={
        <>
          <SearchBox
            value={text}
            onChange={setText}
            placeholder="Username or e-mail"
            label="Search users by username or e-mail"
          />
          <SelectField label="Role" value={role ?? ''} onChange={(e) => setFilter('role', e.target.value)} className="w-36">
            <option value="">All roles</option>
            {ROLES.map((value) => (
              <option key={value} value={value}>
                {roleLabel(value)}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Account"
            value={status ?? ''}
            onChange={(e) => setFilter('status', e.target.value)}
            className="w-36"
          >
            <option value="">Everyone</option>
            {USER_STATUSES.map((value) => (
              <option key={value} value={value}>
                {statusLabel(value)}
              </option>
            ))}
          </SelectField>
        </>
      }
      query={list}
      loading="Loading users…"
      error="We could not load the users."
      empty={isFiltered ? 'No users match this search.' : 'No users yet.'}
      count={(total) => `${total} ${total === 1 ? 'user' : 'users'}`}
    >
      {(users) => (
        // On a phone each row is a small card; from sm up, a table.
        <StackedTable
          head={
            <>
              <Th>User</Th>
              <Th>Role</Th>
              <Th>Account</Th>
              <Th className="text-right">Coins</Th>
              <Th>Joined</Th>
              <Th>Last seen</Th>
              <HiddenTh>Open</HiddenTh>
            </>
          }
        >
          {users.map((user) => (
            <tr
              key={user.id}
              role="row"
              data-testid="user-row"
              onClick={() => void navigate(`/Dashboard/Users/${user.id}`)}
              className={`${stacked.row} cursor-pointer hover:bg-ink-900/60`}
            >
              <td role="cell" className={`order-1 min-w-0 ${stacked.cell}`}>
                <p className="truncate font-medium text-zinc-100">{user.username}</p>
                <p className="truncate text-xs text-zinc-400">{user.email}</p>
              </td>
              <td role="cell" className={`order-2 text-right sm:text-left ${stacked.cell}`}>
                <RoleTag role={user.role} />
              </td>
              <td role="cell" className={`order-3 ${stacked.cell}`}>
                <UserStatusBadges user={user} />
              </td>
              <td role="cell" className={`order-4 whitespace-nowrap text-right tabular-nums text-zinc-100 ${stacked.cell}`}>
                <CellLabel>Coins</CellLabel>
                {formatCoins(user.coins)}
              </td>
              <td
                role="cell"
                className={`order-5 whitespace-nowrap text-xs text-zinc-400 sm:text-sm sm:text-zinc-300 ${stacked.cell}`}
              >
                <CellLabel>Joined</CellLabel>
                {formatDateTime(user.createdAt)}
              </td>
              <td
                role="cell"
                className={`order-6 whitespace-nowrap text-right text-xs text-zinc-400 sm:text-left sm:text-sm sm:text-zinc-300 ${stacked.cell}`}
              >
                <CellLabel>Last seen</CellLabel>
                {user.lastSeenAt ? timeFromNow(user.lastSeenAt) : 'Not signed in'}
              </td>
              <td role="cell" className={`order-7 col-span-2 ${stacked.actions}`}>
                <Link
                  to={`/Dashboard/Users/${user.id}`}
                  className={rowButton}
                  aria-label={`Open ${user.username}`}
                  onClick={(event) => event.stopPropagation()}
                >
                  Open
                </Link>
              </td>
            </tr>
          ))}
        </StackedTable>
      )}
    </ListFrame>
  );
}
