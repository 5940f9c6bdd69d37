import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { NotificationPreference, NotificationSettings } from '@domain/contract';
import type { NotificationChannel, NotificationEvent } from '@domain/rules/notifications';
import { notifications as notificationEndpoints } from '@web/api/endpoints/notifications';
import { api } from '@web/api/endpoint';
import { useNotifyingMutation } from '@web/ui/mutation';

export type { NotificationPreference, NotificationSettings };

export const notificationKeys = {
  all: ['me', 'notifications'] as const,
};

/** GET /api/me/notifications: the caller's choice per event and their latest notifications. */
export const notificationSettingsQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.all,
    queryFn: () => api(notificationEndpoints.settings),
  });
export const useNotificationSettings = () => useQuery(notificationSettingsQueryOptions());
export const prefetchNotificationSettings = (client: QueryClient) =>
  void client.prefetchQuery(notificationSettingsQueryOptions());

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
