import { describe, expect, it } from 'vitest';
import {
  closeSnackbar,
  enqueueSnackbar,
  getSnackbarSnapshot,
  showSnackbar,
  snackbarExited,
} from './snackbar-store';

const text = () => getSnackbarSnapshot().message?.text;

describe('snackbar store', () => {
  it('replaces the message on screen with show', () => {
    showSnackbar('one');
    showSnackbar('two', 'error');
    expect(getSnackbarSnapshot()).toMatchObject({ open: true, message: { text: 'two', color: 'error' } });
  });

  it('queues enqueued messages until the one on screen has gone', () => {
    enqueueSnackbar('first', 'error');
    enqueueSnackbar('second', 'error');
    expect(text()).toBe('first');
    closeSnackbar();
    expect(getSnackbarSnapshot().open).toBe(false);
    snackbarExited();
    expect(getSnackbarSnapshot()).toMatchObject({ open: true, message: { text: 'second' } });
    closeSnackbar();
    snackbarExited();
    expect(getSnackbarSnapshot().open).toBe(false);
  });

  it('drops waiting messages when a new one is shown', () => {
    enqueueSnackbar('a');
    enqueueSnackbar('b');
    showSnackbar('now');
    closeSnackbar();
    snackbarExited();
    expect(getSnackbarSnapshot().open).toBe(false);
    expect(text()).toBe('now');
  });
});
