import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { ASSIGNABLE_ROLES, type AdminUser, type Role } from '@shop/contract';
import { StateMessage } from '../../../components/state-message/state-message';
import { useErrorText } from '../../../lib/error-text';
import { deleteUser } from '../api/delete-user';
import { useAdminUsers, type UsersResponse } from '../api/get-admin-users';
import { updateUserRole } from '../api/update-user-role';
import { ADMIN_FAILED } from '../../../lib/admin-errors';
import { ensureToken } from '../../../lib/session-guard';
import { TrashIcon } from '../../../components/icons/admin-icons';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';
import badge from '../../../components/badge/badge.module.css';
import { DataTable, TableLoading } from '../../../components/table/data-table';
import table from '../../../components/table/table.module.css';
import { formatMoney } from '../../../lib/money';
import { useCurrency } from '../../../lib/settings';
import { useLanguage } from '../../../lib/use-language';
import { StoreCreditDialog } from './store-credit-dialog';
import styles from './user-table.module.css';

interface UserTableProps {
  /** The signed-in admin: their own row has no delete, and only the root admin manages admins. */
  viewer: { id: number; role: Role } | undefined;
}

/**
 * User management (spec section 6): the root admin first and untouchable; roles USER or ADMIN;
 * delete after confirmation. Only the root admin manages admins (gives or takes the role, deletes
 * one); an admin sees the roles and deletes shoppers.
 */
export function UserTable({ viewer }: UserTableProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { data, error, mutate } = useAdminUsers();
  const [pendingRole, setPendingRole] = useState<number | null>(null);
  const [toDelete, setToDelete] = useState<AdminUser | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [toCredit, setToCredit] = useState<AdminUser | null>(null);
  const lang = useLanguage();
  const currency = useCurrency();
  const money = (amount: number) => formatMoney(amount, lang, currency);

  async function changeRole(user: AdminUser, newRole: Exclude<Role, 'ROOT_ADMIN'>) {
    if (!ensureToken(t)) return;
    setPendingRole(user.id);
    const withRole = (current: UsersResponse | undefined): UsersResponse => ({
      success: true,
      data: (current?.data ?? []).map((other) => (other.id === user.id ? { ...other, role: newRole } : other)),
    });
    try {
      // The select shows the new role at once and goes back if the server refuses.
      await mutate(
        async (current) => {
          await updateUserRole(user.id, newRole);
          return withRole(current);
        },
        { optimisticData: withRole, rollbackOnError: true, revalidate: true },
      );
      toast.success(t('admin.users.roleUpdated', { name: user.name, role: t(`admin.users.roles.${newRole}`) }));
    } catch (failure) {
      toast.error(t('admin.users.roleFailed', { message: errorText(failure, ADMIN_FAILED) }));
    } finally {
      setPendingRole(null);
    }
  }

  async function confirmDelete() {
    if (!toDelete || !ensureToken(t)) return;
    setDeleting(true);
    try {
      await deleteUser(toDelete.id);
      toast.success(t('admin.users.deleted'));
    } catch (failure) {
      toast.error(t('admin.users.deleteFailed', { message: errorText(failure, ADMIN_FAILED) }));
    } finally {
      setDeleting(false);
      setToDelete(null);
      void mutate();
    }
  }

  if (error && !data) return <StateMessage kind="error" title={t('admin.users.loadError')} />;
  if (!data) {
    return <TableLoading>{t('admin.users.loading')}</TableLoading>;
  }

  const viewerIsRoot = viewer?.role === 'ROOT_ADMIN';
  return (
    <>
      {!viewerIsRoot && <p className={styles.note}>{t('admin.users.adminsByRoot')}</p>}
      <DataTable
        className={styles.users}
        caption={t('admin.users.caption', { count: data.data.length })}
        columns={[
          { label: t('admin.users.name') },
          { label: t('admin.users.email') },
          { label: t('admin.users.role') },
          { label: t('admin.users.storeCredit'), kind: 'number' },
          { label: t('admin.users.actions'), kind: 'actions' },
        ]}
      >
        {data.data.map((user) => {
          const isRoot = user.role === 'ROOT_ADMIN';
          const isSelf = user.id === viewer?.id;
          // An admin's row is the root admin's to manage; a shopper's anyone's here.
          const manageable = viewerIsRoot || user.role === 'USER';
          return (
            <tr key={user.id} className={isRoot ? styles.rootRow : undefined} data-testid={`user-${user.id}`}>
              <th scope="row">
                {user.name}
                {isSelf && <span className={styles.tag}>{t('admin.users.you')}</span>}
              </th>
              <td className={styles.email}>{user.email}</td>
              <td>
                {isRoot ? (
                  <span className={badge.accent}>{t('admin.users.roles.ROOT_ADMIN')}</span>
                ) : !viewerIsRoot ? (
                  <span className={user.role === 'ADMIN' ? badge.solid : badge.dashed}>
                    {t(`admin.users.roles.${user.role}`)}
                  </span>
                ) : (
                  <select
                    className={styles.roleSelect}
                    value={user.role}
                    disabled={pendingRole === user.id}
                    aria-label={t('admin.users.roleFor', { name: user.name })}
                    onChange={(event) => void changeRole(user, event.target.value as Exclude<Role, 'ROOT_ADMIN'>)}
                  >
                    {ASSIGNABLE_ROLES.map((role) => (
                      <option key={role} value={role}>
                        {t(`admin.users.roles.${role}`)}
                      </option>
                    ))}
                  </select>
                )}
              </td>
              <td className={table.number}>{money(user.storeCredit)}</td>
              <td>
                <div className={table.actionRow}>
                  {user.role === 'USER' && (
                    <button
                      type="button"
                      className={table.action}
                      aria-label={t('admin.users.creditLabel', { name: user.name })}
                      onClick={() => setToCredit(user)}
                    >
                      <span>{t('admin.users.credit')}</span>
                    </button>
                  )}
                  {isRoot ? (
                    <span className={table.muted}>{t('admin.users.protected')}</span>
                  ) : isSelf ? (
                    <span className={table.muted}>{t('admin.users.selfNote')}</span>
                  ) : !manageable ? (
                    <span className={table.muted}>{t('admin.users.byRoot')}</span>
                  ) : (
                    <button
                      type="button"
                      className={table.danger}
                      aria-label={t('admin.users.deleteLabel', { name: user.name })}
                      onClick={() => setToDelete(user)}
                    >
                      <TrashIcon />
                      <span>{t('admin.users.delete')}</span>
                    </button>
                  )}
                </div>
              </td>
            </tr>
          );
        })}
      </DataTable>
      {toCredit && (
        <StoreCreditDialog
          user={toCredit}
          money={money}
          onGiven={() => {
            setToCredit(null);
            void mutate();
          }}
          onClose={() => setToCredit(null)}
        />
      )}
      {toDelete && (
        <ConfirmDialog
          title={t('admin.users.confirmTitle')}
          text={t('admin.users.confirmText', { name: toDelete.name, email: toDelete.email })}
          confirmLabel={t('admin.users.confirm')}
          busyLabel={t('admin.users.deleting')}
          busy={deleting}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setToDelete(null)}
        />
      )}
    </>
  );
}
