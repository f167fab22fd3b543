import { Icon, type IconProps } from './icons';

// The admin's line icons, drawn in the shop's icon frame (decorative: the control carries the label).

/** Manage Products: a list with bullets. */
export const ManageIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M9 6h11M9 12h11M9 18h11" />
    <path d="M4.5 6h.01M4.5 12h.01M4.5 18h.01" strokeWidth="2.5" />
  </Icon>
);

/** Create Product: a tag with a plus. */
export const CreateIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M3.5 12.2V4.5a1 1 0 0 1 1-1h7.7l8.3 8.3-8.7 8.7-8.3-8.3Z" />
    <path d="M12 9v6M9 12h6" />
  </Icon>
);

/** Discount codes: a ticket with a percent sign. */
export const CodesIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M3.5 7.5a1 1 0 0 1 1-1h15a1 1 0 0 1 1 1v2.2a2.3 2.3 0 0 0 0 4.6v2.2a1 1 0 0 1-1 1h-15a1 1 0 0 1-1-1v-2.2a2.3 2.3 0 0 0 0-4.6Z" />
    <path d="m9.5 14.5 5-5" />
    <circle cx="9.8" cy="9.8" r=".9" />
    <circle cx="14.2" cy="14.2" r=".9" />
  </Icon>
);

/** The catalogue in and out: a sheet with arrows in and out. */
export const ImportIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M6 3.5h8l4 4v13H6Z" />
    <path d="M14 3.5v4h4" />
    <path d="m9.5 14 2.5 2.5 2.5-2.5M12 16.5V10" />
  </Icon>
);

/** Admin Dashboard: a gauge. */
export const DashboardIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4.2 17.5a8.5 8.5 0 1 1 15.6 0" />
    <path d="m12 13 4-4.5" />
    <circle cx="12" cy="13.5" r="1.2" />
  </Icon>
);

export const EditIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 20h4L19 9a2.1 2.1 0 0 0-3-3L5 17l-1 3Z" />
    <path d="m14.5 7.5 2 2" />
  </Icon>
);

export const TrashIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4.5 7h15M10 11v6M14 11v6M6 7l1 12.5h10L18 7M9.5 7V4.5h5V7" />
  </Icon>
);

/** Stop (a campaign going out): a square in a circle. */
export const StopIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M9.5 9.5h5v5h-5Z" />
  </Icon>
);

/** Orders: a parcel. */
export const OrdersIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M3.5 7.5 12 3.5l8.5 4v9L12 20.5l-8.5-4v-9Z" />
    <path d="M3.5 7.5 12 11.5l8.5-4M12 11.5v9M7.8 5.5l8.4 4" />
  </Icon>
);

/** Reviews: a star. */
export const ReviewsIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="m12 3.2 2.7 5.5 6 .9-4.35 4.25 1.03 6L12 17.02 6.62 19.85l1.03-6L3.3 9.6l6-.9z" />
  </Icon>
);

/** Complaints: a shield with an exclamation mark (a defect under the guarantee). */
export const ComplaintsIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 3.5 19 6v5.5c0 4.2-2.9 7.6-7 9-4.1-1.4-7-4.8-7-9V6z" />
    <path d="M12 8v5M12 16.2h.01" />
  </Icon>
);

/** Returns: a parcel with an arrow turning back. */
export const ReturnsIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 8.5 12 4.5l8 4v8l-8 4-8-4z" />
    <path d="M4 8.5l8 4 8-4M12 12.5v8" />
    <path d="M9.5 6.2 7.2 8.4l2.6.9" />
  </Icon>
);

/** Campaigns: an envelope. */
export const CampaignsIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M3.5 6.5h17v11h-17z" />
    <path d="m3.5 6.5 8.5 7 8.5-7" />
  </Icon>
);

/** Gift cards: a card with a bow. */
export const GiftCardsIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M3.5 6.5h17v11h-17z" />
    <path d="M9 6.5v11M3.5 11h17" />
    <path d="M9 11c-1.8-2.6-4.2-2.4-3.6-.6M9 11c1.8-2.6 4.2-2.4 3.6-.6" />
  </Icon>
);

/** Sale records: a folded document with lines. */
export const RecordsIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M6 3.5h8.5l3.5 3.5v13.5H6z" />
    <path d="M14.5 3.5V7H18M9 11h6M9 14.5h6M9 18h4" />
  </Icon>
);

/** Documents: two sheets, one behind the other. */
export const DocumentsIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M8 6.5h8.5l3 3V21H8z" />
    <path d="M5 17.5V3h8.5M16.5 6.5v3h3M11 13h5.5M11 16.5h5.5" />
  </Icon>
);

/** Settings: a gear. */
export const SettingsIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="3" />
    <path d="M12 2.8v2.4M12 18.8v2.4M21.2 12h-2.4M5.2 12H2.8M18.5 5.5l-1.7 1.7M7.2 16.8l-1.7 1.7M18.5 18.5l-1.7-1.7M7.2 7.2 5.5 5.5" />
    <circle cx="12" cy="12" r="6.2" />
  </Icon>
);
