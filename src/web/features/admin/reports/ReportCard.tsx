import type { ReactNode } from 'react';
import { Button, Card, CardFooter, CardHeader, Spinner, Text, makeStyles } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';

const useStyles = makeStyles({ card: { justifyContent: 'space-between' } });

/**
 * One card of a reports page (Reports, KNM Reports): the report's title (a heading) and description, and its
 * action — Download with a spinner while it runs, or another button (`action`).
 */
export function ReportCard({
  title,
  description,
  busy = false,
  disabled = false,
  buttonLabel,
  onDownload,
  action,
}: {
  title: string;
  description: string;
  busy?: boolean;
  disabled?: boolean;
  /** The button's accessible name when "Download" alone would not say which report. */
  buttonLabel?: string;
  onDownload?: () => void;
  action?: ReactNode;
}) {
  const s = useStyles();
  return (
    <Card className={s.card} aria-label={title}>
      <CardHeader
        header={
          <Text as="h2" weight="semibold" size={400}>
            {title}
          </Text>
        }
        description={<Text size={200}>{description}</Text>}
      />
      <CardFooter>
        {action ?? (
          <Button
            appearance="primary"
            aria-label={buttonLabel}
            icon={busy ? <Spinner size="tiny" /> : <ArrowDownloadRegular />}
            disabled={busy || disabled}
            onClick={onDownload}
          >
            Download
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}
