import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { Avatar, Link, type AvatarProps } from '@fluentui/react-components';
import { Hint } from './Hint';

export interface AvatarPerson {
  name: string;
  login?: string | null;
  email?: string | null;
  photoGUID?: string | null;
}
export type PhotoResolver = (person: AvatarPerson) => Promise<string | undefined>;

const PhotoContext = createContext<PhotoResolver>(async () => undefined);

/** Supplies how photos are resolved (the host: portal photo service or Microsoft Graph). */
export function PhotoResolverProvider({
  resolvePhoto,
  children,
}: {
  resolvePhoto: PhotoResolver;
  children: ReactNode;
}) {
  return <PhotoContext.Provider value={resolvePhoto}>{children}</PhotoContext.Provider>;
}

/** Photos already resolved, per resolver: a person seen before shows at once, not initials first. */
const resolvedPhotos = new WeakMap<PhotoResolver, Map<string, string | undefined>>();

export function usePhoto(person: AvatarPerson | null | undefined): string | undefined {
  const resolve = useContext(PhotoContext);
  const [found, setFound] = useState<{ key: string; url: string | undefined } | undefined>();
  const key = person ? `${person.photoGUID ?? ''}|${person.login ?? ''}|${person.email ?? ''}` : '';
  const known = resolvedPhotos.get(resolve);
  const shownKnown = known?.has(key) === true;
  useEffect(() => {
    if (!person) return;
    const seen = resolvedPhotos.get(resolve);
    if (seen?.has(key)) {
      // found by another avatar of this person after this render, before this effect: show it now
      if (!shownKnown) setFound({ key, url: seen.get(key) });
      return;
    }
    let live = true;
    void resolve(person).then((url) => {
      let seen = resolvedPhotos.get(resolve);
      if (!seen) resolvedPhotos.set(resolve, (seen = new Map()));
      seen.set(key, url);
      if (live) setFound({ key, url });
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, resolve]);
  if (!person) return undefined;
  // this person's photo only: never the one found for whom this avatar showed before
  return known?.has(key) ? known.get(key) : found?.key === key ? found.url : undefined;
}

/** A person's avatar: photo when resolvable, initials otherwise; optional chat link. */
export function PersonAvatar({
  person,
  size = 32,
  href,
  onClick,
  tooltip = true,
}: {
  person: AvatarPerson;
  size?: AvatarProps['size'];
  href?: string;
  onClick?: () => void;
  tooltip?: boolean;
}) {
  const url = usePhoto(person);
  const avatar = (
    <Avatar
      name={person.name}
      size={size}
      image={url ? { src: url, alt: '' } : undefined}
      color="colorful"
      aria-label={person.name}
    />
  );
  const content =
    href || onClick ? (
      <Link
        href={href}
        target={href ? '_blank' : undefined}
        rel="noopener noreferrer"
        aria-label={`Chat with ${person.name}`}
        onClick={
          onClick
            ? (e) => {
                e.preventDefault();
                onClick();
              }
            : undefined
        }
      >
        {avatar}
      </Link>
    ) : (
      avatar
    );
  return tooltip ? (
    <Hint content={person.name} relationship="description">
      <span style={{ display: 'inline-flex' }}>{content}</span>
    </Hint>
  ) : (
    content
  );
}
