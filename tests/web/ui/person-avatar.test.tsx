import { describe, expect, it } from 'vitest';
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

function avatars(resolve: PhotoResolver, people: AvatarPerson[]) {
  return (
    <FluentProvider theme={webLightTheme}>
      <PhotoResolverProvider resolvePhoto={resolve}>
        {people.map((p, i) => (
          // one place, whoever it shows (as a grid row that shows another record)
          <PersonAvatar key={i} person={p} />
        ))}
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
});
