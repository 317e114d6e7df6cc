import type { AuthUser } from '@geows/contract';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorText } from '../../../components/form/error-text';
import { useSnackbar } from '../../../components/snackbar/snackbar-context';
import { SectionCard } from '../../../components/ui/section-card';
import { logOut } from '../../auth';
import { useDeleteUser } from '../api/delete-user';
import { formatDateTime } from '../format-date';

/** Who is logged in (Username, Email, Joined, Last login) and the way to delete the account. */
export function AccountSection({ user }: { user: AuthUser | undefined }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { show } = useSnackbar();
  const deleteUser = useDeleteUser();
  const language = i18n.resolvedLanguage ?? 'en';

  const rows: [string, string | undefined][] = [
    [t('profile.username'), user?.username],
    [t('profile.email'), user?.email],
    [t('profile.joined'), user && formatDateTime(user.date_joined, language)],
    [
      t('profile.lastLogin'),
      user && (user.last_login ? formatDateTime(user.last_login, language) : t('profile.never')),
    ],
  ];

  const handleDelete = async () => {
    if (!user || !window.confirm(t('profile.confirmDelete'))) return;
    try {
      await deleteUser.mutateAsync(user.id);
      await logOut(queryClient, navigate);
    } catch (error) {
      show(errorText(error, t), 'error');
    }
  };

  return (
    <SectionCard title={t('profile.account')}>
      <Table size="small" sx={{ '& th, & td': { px: 0, py: 1.25 }, '& tr:last-of-type > *': { border: 0 } }}>
        <TableBody>
          {rows.map(([label, value]) => (
            <TableRow key={label}>
              <TableCell
                component="th"
                scope="row"
                sx={{ width: { xs: '38%', sm: '30%' }, color: 'text.secondary', fontWeight: 400 }}
              >
                {label}
              </TableCell>
              <TableCell sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                {value ?? <Skeleton width="60%" />}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 2 }}>
        <Button
          variant="outlined"
          color="error"
          startIcon={<DeleteIcon aria-hidden />}
          onClick={handleDelete}
          disabled={!user || deleteUser.isPending}
        >
          {t('profile.deleteAccount')}
        </Button>
      </Stack>
    </SectionCard>
  );
}
