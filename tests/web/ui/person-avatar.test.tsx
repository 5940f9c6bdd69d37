import { describe, expect, it } from 'vitest';
import { useLayoutEffect, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { render, waitFor } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import {
  PersonAvatar,
  PhotoResolverProvider,
  type AvatarPerson,
  type PhotoResolver,
} from '@web/ui/PersonAvatar';

const ana: AvatarPerson = { name: 'Ana Alves', login: 'ana' };
const bruno: AvatarPerson = { name: 'Bruno Brito', login: 'bruno' };

/** Ana's photo is found; Bruno's never arrives. Counts the calls. */
function resolver() {
  const calls: string[] = [];
  const resolve: PhotoResolver = (p) => {
    calls.push(p.login ?? '');
    return p.login === 'ana' ? Promise.resolve('blob:ana') : new Promise(() => {});
  };
  return { resolve, calls };
}

function avatars(resolve: PhotoResolver, people: AvatarPerson[], after?: ReactNode) {
  return (
    <FluentProvider theme={webLightTheme}>
      <PhotoResolverProvider resolvePhoto={resolve}>
        {people.map((p, i) => (
          // one place, whoever it shows (as a grid row that shows another record)
          <PersonAvatar key={i} person={p} />
        ))}
        {after}
      </PhotoResolverProvider>
    </FluentProvider>
  );
}

const photos = (container: HTMLElement) =>
  [...container.querySelectorAll('img')].map((img) => img.getAttribute('src'));

describe('PersonAvatar photos', () => {
  it('shows a photo already found at once, and never one person’s photo for another', async () => {
    const { resolve, calls } = resolver();
    const { container, rerender } = render(avatars(resolve, [ana]));
    await waitFor(() => expect(photos(container)).toEqual(['blob:ana']));
    // the same avatar now shows Bruno: his initials until his photo comes, not Ana's photo
    rerender(avatars(resolve, [bruno]));
    expect(photos(container)).toEqual([]);
    expect(container.textContent).toContain('BB');
    // Ana again, and a second avatar of hers: her photo in their first render, not asked for again
    rerender(avatars(resolve, [ana, ana]));
    expect(photos(container)).toEqual(['blob:ana', 'blob:ana']);
    expect(calls).toEqual(['ana', 'bruno']);
  });

  it('shows a photo that arrives between an avatar’s first render and its effect (another avatar of the person)', async () => {
    // As in a browser, not under act(): React runs a render's effects in a later task, so a promise of
    // another avatar of the same person can settle in between (the Team panel's avatar of someone whose
    // photo the Project Manager card was already waiting for).
    const env = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const actEnvironment = env.IS_REACT_ACT_ENVIRONMENT;
    env.IS_REACT_ACT_ENVIRONMENT = false;
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    try {
      let arrive!: (url: string) => void;
      const photo = new Promise<string>((r) => (arrive = r));
      const resolve: PhotoResolver = () => photo;
      root.render(avatars(resolve, [ana]));
      await new Promise((r) => setTimeout(r, 30)); // the first avatar asked and waits
      /** Lets the photo arrive once the second avatar is on screen, before its effects run. */
      function ArriveAfterCommit() {
        useLayoutEffect(() => arrive('data:ana'), []);
        return null;
      }
      root.render(avatars(resolve, [ana, ana], <ArriveAfterCommit />));
      await waitFor(() => expect(photos(container)).toEqual(['data:ana', 'data:ana']));
    } finally {
      root.unmount();
      container.remove();
      env.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    }
  });
});
