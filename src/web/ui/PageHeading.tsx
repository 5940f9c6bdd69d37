import type { ReactNode } from 'react';
import { Text, makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    marginBottom: tokens.spacingVerticalL,
  },
  banner: {
    color: tokens.colorBrandForeground1,
    fontWeight: tokens.fontWeightSemibold,
    letterSpacing: '0.08em',
  },
});

/** The heading of a screen: the phase banner (SETUP, DURING, CLOSURE) above the page name. */
export function PageHeading({
  banner,
  title,
  children,
}: {
  banner?: string;
  title: string;
  children?: ReactNode;
}) {
  const s = useStyles();
  return (
    <div className={s.root}>
      {banner ? (
        <Text size={200} className={s.banner}>
          {banner}
        </Text>
      ) : null}
      <Text as="h1" size={700} weight="semibold">
        {title}
      </Text>
      {children}
    </div>
  );
}
