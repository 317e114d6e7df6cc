import { type Account, paths } from '@geows/contract';
import AddIcon from '@mui/icons-material/Add';
import BusinessIcon from '@mui/icons-material/BusinessOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { errorText } from '../../../components/form/error-text';
import { useSnackbar } from '../../../components/snackbar/snackbar-context';
import { ItemList, ItemRow } from '../../../components/ui/item-list';
import { Screen } from '../../../components/ui/screen';
import { accountHome } from '../active-account';
import { useDeleteAccount } from '../api/delete-account';
import { useAccounts } from '../api/get-accounts';

/** /accounts (docs/product.md, "Screens"): every account with Edit and a confirmed Delete. */
export function AccountsScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { show } = useSnackbar();
  const { data: accounts = [], isPending } = useAccounts();
  const deleteAccount = useDeleteAccount();

  const handleDelete = async (account: Account) => {
    if (!window.confirm(t('accounts.confirmDelete'))) return;
    try {
      const left = await deleteAccount.mutateAsync(account.id);
      // With no accounts left, the way on is to create one (docs/product.md, "States and transitions").
      if (left.length === 0) await navigate(paths.createAccount);
    } catch (error) {
      show(errorText(error, t), 'error');
    }
  };

  return (
    <Screen
      title={t('accounts.title')}
      intro={t('accounts.intro')}
      action={
        <Button variant="contained" component={Link} to={paths.createAccount} startIcon={<AddIcon />}>
          {t('accounts.create')}
        </Button>
      }
    >
      {isPending ? (
        <Skeleton variant="rounded" height={160} />
      ) : (
        <ItemList label={t('accounts.title')}>
          {accounts.map((account) => (
            <ItemRow
              key={account.id}
              icon={<BusinessIcon aria-hidden />}
              primary={account.name}
              secondary={account.description}
              actions={
                <>
                  <Button
                    variant="outlined"
                    size="small"
                    component={Link}
                    to={accountHome(account)}
                    startIcon={<EditIcon aria-hidden />}
                  >
                    {t('accounts.edit')}
                  </Button>
                  <IconButton
                    aria-label={t('accounts.delete')}
                    title={t('accounts.delete')}
                    onClick={() => void handleDelete(account)}
                    disabled={deleteAccount.isPending}
                  >
                    <DeleteIcon />
                  </IconButton>
                </>
              }
            />
          ))}
        </ItemList>
      )}
    </Screen>
  );
}
