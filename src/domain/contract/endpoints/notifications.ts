import { takesBack } from '../common';
import { endpoint } from '../endpoint';
import {
  NotificationEventParams,
  NotificationPreference,
  NotificationPreferenceBody,
  NotificationSettings,
} from '../notifications';

/** The signed-in person's notification choices. */
export const notifications = {
  /** The choice per event and the latest notifications. */
  settings: endpoint({ method: 'GET', path: '/api/me/notifications', response: NotificationSettings }),
  /** Where one event reaches the caller. */
  choose: endpoint({
    method: 'PUT',
    path: '/api/me/notifications/:event',
    params: NotificationEventParams,
    body: takesBack(NotificationPreferenceBody, NotificationPreference),
    response: NotificationPreference,
  }),
};
