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

export function usePhoto(person: AvatarPerson | null | undefined): string | undefined {
  const resolve = useContext(PhotoContext);
  const [url, setUrl] = useState<string | undefined>();
  const key = person ? `${person.photoGUID ?? ''}|${person.login ?? ''}|${person.email ?? ''}` : '';
  useEffect(() => {
    let live = true;
    setUrl(undefined);
    if (person) void resolve(person).then((u) => live && setUrl(u));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, resolve]);
  return url;
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
