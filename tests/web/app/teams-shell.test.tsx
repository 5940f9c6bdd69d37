import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { USERS } from '../render';
import { renderAt, signedInAs, useApi } from './app-fixtures';
import { setHost, getHost, type Host } from '@web/host';

function withHost(over: Partial<Host>) {
  const prev = getHost();
  const host = { ...prev, notifyReady: vi.fn(), ...over } as Host;
  setHost(host);
  return { host, restore: () => setHost(prev) };
}

describe('the shell in Teams', () => {
  it('a channel tab pinned to a project stays in it: other paths lead to its home; no Projects, no Admin, no logout', async () => {
    useApi();
    signedInAs(USERS.alice);
    const h = withHost({ kind: 'teams', scopedProjectId: 3 });
    try {
      renderAt('/');
      await waitFor(() => expect(document.title).toBe('Project Home | Project Portal'));
      const nav = screen.getByRole('navigation', { name: 'Main menu' });
      expect(within(nav).getByRole('link', { name: 'Project Home' })).toHaveAttribute(
        'href',
        '/project/3/home',
      );
      expect(within(nav).queryAllByRole('link', { name: 'Projects' })).toEqual([]);
      expect(within(nav).queryByRole('button', { name: 'Admin' })).toBeNull();
      expect(within(nav).queryByRole('button', { name: 'Sign out' })).toBeNull();
      expect(h.host.notifyReady).toHaveBeenCalled();
    } finally {
      h.restore();
    }
  });

  it('the personal tab keeps the whole portal', async () => {
    useApi();
    signedInAs(USERS.alice);
    const h = withHost({ kind: 'teams' });
    try {
      renderAt('/admin/mail-outbox');
      await waitFor(() => expect(document.title).toBe('Mail Outbox | Project Portal'));
      const links = within(screen.getByRole('navigation', { name: 'Main menu' })).getAllByRole('link', {
        name: 'Projects',
      });
      expect(links.map((a) => a.getAttribute('href'))).toContain('/');
    } finally {
      h.restore();
    }
  });

  it('every project page copies its deep link', async () => {
    useApi();
    signedInAs(USERS.marcos);
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    const deepLink = vi.fn((p: string) => `https://teams.microsoft.com/l/entity/app/projects?sub=${p}`);
    const h = withHost({ deepLink });
    try {
      renderAt('/project/3/setup/toolkit');
      fireEvent.click(await screen.findByRole('button', { name: 'Copy a link to this page' }));
      expect(await screen.findByText('Link copied')).toBeInTheDocument();
      expect(deepLink).toHaveBeenCalledWith('/project/3/setup/toolkit');
      expect(writeText).toHaveBeenCalledWith(
        'https://teams.microsoft.com/l/entity/app/projects?sub=/project/3/setup/toolkit',
      );
    } finally {
      h.restore();
    }
  });

  it("a team member's avatar opens a chat through the host", async () => {
    useApi();
    signedInAs(USERS.marcos);
    const openChat = vi.fn();
    const h = withHost({ openChat });
    try {
      renderAt('/project/3/home');
      fireEvent.click(await screen.findByRole('link', { name: 'Chat with Marcos Moura' }));
      expect(openChat).toHaveBeenCalledWith('marcos.manager@example.com');
    } finally {
      h.restore();
    }
  });
});
