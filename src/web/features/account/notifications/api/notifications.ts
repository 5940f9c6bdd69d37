import { useQueryClient } from '@tanstack/react-query';
import type { NotificationPreference, NotificationSettings } from '@domain/contract';
import type { NotificationChannel, NotificationEvent } from '@domain/rules/notifications';
import { notifications as notificationEndpoints } from '@web/api/endpoints/notifications';
import { api } from '@web/api/endpoint';
import { queryOf } from '@web/api/entity-query';
import { useNotifyingMutation } from '@web/ui/mutation';
import { notificationKeys } from './keys';

export type { NotificationPreference, NotificationSettings };

/** GET /api/me/notifications: the caller's choice per event and their latest notifications. */
const notificationSettingsQuery = queryOf(notificationEndpoints.settings, notificationKeys.all);
export const useNotificationSettings = notificationSettingsQuery.useList;
export const prefetchNotificationSettings = notificationSettingsQuery.prefetch;

/** PUT /api/me/notifications/{event}: the answer replaces that row in the cache (no reload). */
export function useChooseChannel() {
  const client = useQueryClient();
  return useNotifyingMutation({
    mutationFn: ({ event, channel }: { event: NotificationEvent; channel: NotificationChannel }) =>
      api(notificationEndpoints.choose, { params: { event }, body: { channel } }),
    success: 'Saved',
    onSuccess: (saved) =>
      client.setQueryData<NotificationSettings>(notificationKeys.all, (old) =>
        old
          ? { ...old, preferences: old.preferences.map((p) => (p.event === saved.event ? saved : p)) }
          : old,
      ),
  });
}
