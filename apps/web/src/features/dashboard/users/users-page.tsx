import { ROLES, USER_STATUSES, type EndpointQuery } from '@inkwell/contract';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { RoleTag } from '../../../components/role-tag';
import { useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n-context';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { CellLabel, HiddenTh, rowButton, stacked, StackedTable, Th } from '../components/data-table';
import { SelectField } from '../components/fields';
import { ListFrame, SearchBox } from '../components/list-frame';
import { oneOf, useListParams } from '../components/use-list-params';
import { useAdminUsers } from './api/list-users';
import { roleLabel, statusLabel, UserStatusBadges } from './user-ui';
import '../messages';

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

/** "53 users"; past the server's cap (issue 40) a lower bound, "1,000+ users". */
const countKey = (capped: boolean | undefined) =>
  capped ? ('dashboard.users.countAtLeast' as const) : ('dashboard.users.count' as const);

/** /Dashboard/Users (admins): every account, newest first, found by name or e-mail, by role and status. */
export default function UsersPage() {
  const t = useT();
  const format = useFormat();
  useDocumentTitle(t('dashboard.users.title'));
  const { text, setText, role, status, setFilter, query, isFiltered } = useUserQuery();
  const list = useAdminUsers(query);
  const navigate = useNavigate();

  return (
    <ListFrame
      title={t('dashboard.users.title')}
      description={t('dashboard.users.description')}
      filters={
        <>
          <SearchBox
            value={text}
            onChange={setText}
            placeholder={t('dashboard.users.searchPlaceholder')}
            label={t('dashboard.users.searchLabel')}
          />
          <SelectField
            label={t('dashboard.users.roleColumn')}
            value={role ?? ''}
            onChange={(e) => setFilter('role', e.target.value)}
            className="w-36"
          >
            <option value="">{t('dashboard.users.allRoles')}</option>
            {ROLES.map((value) => (
              <option key={value} value={value}>
                {roleLabel(t, value)}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('dashboard.users.accountColumn')}
            value={status ?? ''}
            onChange={(e) => setFilter('status', e.target.value)}
            className="w-36"
          >
            <option value="">{t('dashboard.users.everyone')}</option>
            {USER_STATUSES.map((value) => (
              <option key={value} value={value}>
                {statusLabel(t, value)}
              </option>
            ))}
          </SelectField>
        </>
      }
      query={list}
      loading={t('dashboard.users.loading')}
      error={t('dashboard.users.loadFailed')}
      empty={isFiltered ? t('dashboard.users.noMatch') : t('dashboard.users.none')}
      count={(total) => t(countKey(list.data?.pagination.totalCapped), { count: total })}
    >
      {(users) => (
        // On a phone each row is a small card; from sm up, a table.
        <StackedTable
          head={
            <>
              <Th>{t('dashboard.users.userColumn')}</Th>
              <Th>{t('dashboard.users.roleColumn')}</Th>
              <Th>{t('dashboard.users.accountColumn')}</Th>
              <Th className="text-right">{t('dashboard.users.coins')}</Th>
              <Th>{t('dashboard.users.joined')}</Th>
              <Th>{t('dashboard.users.lastSeen')}</Th>
              <HiddenTh>{t('dashboard.users.open')}</HiddenTh>
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
                <CellLabel>{t('dashboard.users.coins')}</CellLabel>
                {format.count(user.coins)}
              </td>
              <td
                role="cell"
                className={`order-5 whitespace-nowrap text-xs text-zinc-400 sm:text-sm sm:text-zinc-300 ${stacked.cell}`}
              >
                <CellLabel>{t('dashboard.users.joined')}</CellLabel>
                {format.dateTime(user.createdAt)}
              </td>
              <td
                role="cell"
                className={`order-6 whitespace-nowrap text-right text-xs text-zinc-400 sm:text-left sm:text-sm sm:text-zinc-300 ${stacked.cell}`}
              >
                <CellLabel>{t('dashboard.users.lastSeen')}</CellLabel>
                {user.lastSeenAt ? format.timeFromNow(user.lastSeenAt) : t('dashboard.users.notSignedIn')}
              </td>
              <td role="cell" className={`order-7 col-span-2 ${stacked.actions}`}>
                <Link
                  to={`/Dashboard/Users/${user.id}`}
                  className={rowButton}
                  aria-label={t('dashboard.users.openUser', { username: user.username })}
                  onClick={(event) => event.stopPropagation()}
                >
                  {t('dashboard.users.open')}
                </Link>
              </td>
            </tr>
          ))}
        </StackedTable>
      )}
    </ListFrame>
  );
}
