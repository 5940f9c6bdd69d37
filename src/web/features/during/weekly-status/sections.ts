import type { ContentType } from './api/contents';

export type ContentField = 'frontHeader' | 'name' | 'description' | 'contentStatus';

/**
 * The five tabs of step 2 "Weekly Status Details" and their block fields (spec 001 §2, §3): content blocks by
 * type 1–5 in the tabs' order; labels as the spec gives them.
 */
export const SECTIONS: readonly {
  type: ContentType;
  tab: string;
  fields: readonly { key: ContentField; label: string; multiline?: boolean }[];
}[] = [
  {
    type: 1,
    tab: 'General Status',
    fields: [
      { key: 'name', label: 'Name' },
      { key: 'description', label: 'Description', multiline: true },
    ],
  },
  {
    type: 2,
    tab: 'Weekly Status Update of Previous Activities',
    fields: [
      { key: 'frontHeader', label: 'Work Front' },
      { key: 'name', label: 'Activity Name' },
      { key: 'description', label: 'Activity Notes', multiline: true },
      { key: 'contentStatus', label: 'Status' },
    ],
  },
  {
    type: 3,
    tab: 'Definitions',
    fields: [
      { key: 'name', label: 'Name' },
      { key: 'description', label: 'Definition', multiline: true },
    ],
  },
  {
    type: 4,
    tab: 'Points of Attention',
    fields: [
      { key: 'name', label: 'Name' },
      { key: 'description', label: 'Action', multiline: true },
    ],
  },
  {
    type: 5,
    tab: 'Next Steps',
    fields: [
      { key: 'name', label: 'Name' },
      { key: 'description', label: 'Comment', multiline: true },
    ],
  },
];
