import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { USERS } from '../render';
import { renderAt, signedInAs, useApi } from './app-fixtures';

const preloaded = vi.hoisted(() => [] as string[]);
vi.mock('@web/app/preload', async (importOriginal) => {
  const original = await importOriginal<typeof import('@web/app/preload')>();
  return {
    ...original,
    preloadRoute: (...args: Parameters<typeof original.preloadRoute>) => {
      preloaded.push(args[1]);
      return original.preloadRoute(...args);
    },
  };
});

describe('navigation preloads the next screen (what a data router’s loader did)', () => {
  it('starts the screen’s code and data once per navigation, as the router renders it', async () => {
    useApi();
    signedInAs(USERS.marcos);
    renderAt('/project/3/during/weekly-status');
    await waitFor(() => expect(preloaded).toEqual(['/project/3/during/weekly-status']));
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    await userEvent.click(within(nav).getByRole('link', { name: 'Project Home' }));
    await waitFor(() => expect(preloaded).toEqual(['/project/3/during/weekly-status', '/project/3/home']));
    // re-renders of the same screen do not start it again
    await screen.findByRole('heading', { level: 1 });
    expect(preloaded).toHaveLength(2);
  });
});
