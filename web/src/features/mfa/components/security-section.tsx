import type { AuthUser, MfaMethodName } from '@geows/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../components/form/error-text';
import { useSnackbar } from '../../../components/snackbar/snackbar-context';
import { SectionCard } from '../../../components/ui/section-card';
import { useActivateMethod } from '../api/activate-method';
import { useConfirmMethod } from '../api/confirm-method';
import { useDeactivateMethod } from '../api/deactivate-method';
import { useActiveMethods } from '../api/get-active-methods';
import { useRequestEmailCode } from '../api/request-code';
import { BackupCodes } from './backup-codes';
import { CodeCheck } from './code-check';
import { MethodRow } from './method-row';
import { SetupPanel } from './setup-panel';

const methods: readonly MfaMethodName[] = ['app', 'email'];

type Step =
  | { kind: 'idle' }
  | { kind: 'setup'; method: MfaMethodName; details: string; secret: string | undefined }
  | { kind: 'verify'; method: MfaMethodName }
  | { kind: 'deactivate'; method: MfaMethodName }
  | { kind: 'backup'; codes: string[] };

/** 'Beveiliging': the second factors, and turning them on (with backup codes) and off. */
export function SecuritySection({ user }: { user: AuthUser | undefined }) {
  const { t } = useTranslation();
  const { show } = useSnackbar();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const activeMethods = useActiveMethods();
  const activate = useActivateMethod();
  const confirm = useConfirmMethod();
  const deactivate = useDeactivateMethod();
  const requestCode = useRequestEmailCode();

  const isActive = (method: MfaMethodName) =>
    (activeMethods.data ?? user?.mfa ?? []).some((active) => active.name === method);
  const mustSetUp = Boolean(user?.profile.mfa_required) && methods.every((method) => !isActive(method));
  const idle = () => setStep({ kind: 'idle' });

  const startSetup = async (method: MfaMethodName, code?: string) => {
    try {
      const { details, secret } = await activate.mutateAsync({ method, ...(code ? { code } : {}) });
      setStep({ kind: 'setup', method, details, secret });
    } catch (error) {
      show(errorText(error, t), 'error');
      throw error;
    }
  };

  // With a factor already on, a second one needs a current code first: a stolen session alone cannot add one.
  const handleActivate = (method: MfaMethodName) => {
    if (methods.some(isActive)) setStep({ kind: 'verify', method });
    else void startSetup(method).catch(() => {});
  };

  const handleConfirm = (method: MfaMethodName) => async (code: string) => {
    try {
      const { backup_codes } = await confirm.mutateAsync({ method, code });
      show(t('profile.mfaActivated'));
      setStep({ kind: 'backup', codes: backup_codes });
    } catch (error) {
      show(errorText(error, t), 'error');
      throw error;
    }
  };

  const handleDeactivate = (method: MfaMethodName) => async (code: string) => {
    try {
      await deactivate.mutateAsync({ method, code });
      show(t('profile.mfaDeactivated'));
      idle();
    } catch (error) {
      show(errorText(error, t), 'error');
      throw error;
    }
  };

  const handleSendCode = async () => {
    try {
      const { detail } = await requestCode.mutateAsync();
      show(detail);
    } catch (error) {
      show(errorText(error, t), 'error');
    }
  };

  return (
    <SectionCard title={t('profile.security')} intro={t('mfa.intro')}>
      {mustSetUp && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('profile.mfaRequired')}
        </Alert>
      )}
      <Box
        component="ul"
        sx={{ listStyle: 'none', m: 0, p: 0, '& > li + li': { borderTop: 1, borderColor: 'divider' } }}
      >
        {methods.map((method) => (
          <MethodRow
            key={method}
            method={method}
            email={user?.email ?? ''}
            active={isActive(method)}
            disabled={step.kind !== 'idle' || activeMethods.isPending || activate.isPending}
            onActivate={() => handleActivate(method)}
            onDeactivate={() => setStep({ kind: 'deactivate', method })}
          />
        ))}
      </Box>

      {step.kind !== 'idle' && (
        <Box sx={{ mt: 2, p: { xs: 2, sm: 3 }, border: 1, borderColor: 'divider', borderRadius: 2 }}>
          {step.kind === 'setup' && (
            <SetupPanel
              method={step.method}
              details={step.details}
              secret={step.secret}
              onConfirm={handleConfirm(step.method)}
              onCancel={idle}
            />
          )}
          {step.kind === 'verify' && (
            <CodeCheck
              title={t('mfa.verifyTitle')}
              intro={t('mfa.verifyIntro')}
              onSendCode={isActive('email') ? handleSendCode : undefined}
              sending={requestCode.isPending}
              submitLabel={t('mfa.continue')}
              onSubmit={(code) => startSetup(step.method, code)}
              onCancel={idle}
            />
          )}
          {step.kind === 'deactivate' && (
            <CodeCheck
              title={t('mfa.deactivateTitle', {
                method: step.method === 'app' ? t('mfa.app') : t('mfa.email'),
              })}
              intro={step.method === 'app' ? t('mfa.deactivateIntroApp') : t('mfa.deactivateIntroEmail')}
              onSendCode={step.method === 'email' ? handleSendCode : undefined}
              sending={requestCode.isPending}
              submitLabel={t('mfa.deactivate')}
              submitColor="error"
              onSubmit={handleDeactivate(step.method)}
              onCancel={idle}
            />
          )}
          {step.kind === 'backup' && <BackupCodes codes={step.codes} onDone={idle} />}
        </Box>
      )}
    </SectionCard>
  );
}
