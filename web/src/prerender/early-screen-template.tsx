import { useTranslation } from 'react-i18next';
import { Screen } from '../components/ui/screen';
import { earlyScreenTemplateId, earlySlotAttribute } from './early-screen';

const Slot = ({ name }: { name: 'title' | 'intro' }) => <span {...{ [earlySlotAttribute]: name }} />;

/**
 * The account screen's heading (features/accounts/components/account-screen.tsx) with stand-ins
 * for the account's name and description, in a `<template>` the boot script copies from
 * (early-screen.ts). Drawn by the same `Screen` frame at build time, so the copy stands exactly
 * where, and looks exactly as, the app's heading will.
 */
export function EarlyScreenTemplate() {
  const { t } = useTranslation();
  return (
    <template id={earlyScreenTemplateId}>
      <div>
        <Screen overline={t('menu.account')} title={<Slot name="title" />} intro={<Slot name="intro" />}>
          {null}
        </Screen>
      </div>
    </template>
  );
}
