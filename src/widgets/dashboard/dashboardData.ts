/**
 * The dashboard's static sample figures (docs/product/screens.md, "Dashboard"). Pure and typed: no
 * React, no fetch. Every caption and figure given there is copied here word for word;
 * the rest (monthly series, property names, leads) is invented sample data in the same spirit.
 *
 * @example
 * import { GAUGES, TRENDS } from './dashboardData';
 * GAUGES[0].caption // 'Conversions'
 */

/** What a gauge counts; picks its icon. docs/product/screens.md: "a type (default user)". */
export type GaugeType = 'user' | 'property';

/** One circular gauge (docs/product/screens.md): a percentage from 0 to 100, a value, a caption and a type. */
export interface GaugeSample {
  /** 0 to 100; the ring's arc is this share of the full circle (docs/product/rules.md). */
  percentage: number;
  value: number;
  caption: string;
  /** Defaults to `'user'` (docs/product/screens.md). */
  type?: GaugeType;
}

/** The type a gauge takes when none is given (docs/product/screens.md). */
export const DEFAULT_GAUGE_TYPE: GaugeType = 'user';

/** docs/product/screens.md: Conversions 48 % (38,566) and Total number of properties 75 % (45,566). */
export const GAUGES: readonly GaugeSample[] = [
  { percentage: 48, value: 38566, caption: 'Conversions' },
  { percentage: 75, value: 45566, caption: 'Total number of properties', type: 'property' },
];

/** Direction of a trend card's change. */
export type TrendDirection = 'up' | 'down';

/** One trend card (docs/product/screens.md): a total, its change in percent, and a sparkline of recent values. */
export interface TrendSample {
  title: string;
  value: number;
  /** Size of the change in percent, always positive; `direction` carries the sign. */
  change: number;
  direction: TrendDirection;
  /** Recent values, oldest first, drawn as the sparkline. */
  series: readonly number[];
  /** Shown instead of the percentage when there is none (live figures with nothing to compare). */
  changeLabel?: string;
}

/** docs/product/screens.md: 18,765 up 2.6 %, 4,876 up 0.2 %, 678 down 0.1 %. */
export const TRENDS: readonly TrendSample[] = [
  {
    title: 'Total Number of Leads',
    value: 18765,
    change: 2.6,
    direction: 'up',
    series: [16820, 17040, 16910, 17380, 17620, 17450, 17910, 18130, 18020, 18390, 18290, 18765],
  },
  {
    title: 'Total Active Leads',
    value: 4876,
    change: 0.2,
    direction: 'up',
    series: [4790, 4812, 4801, 4830, 4822, 4845, 4838, 4851, 4849, 4860, 4866, 4876],
  },
  {
    title: 'Total Lost Leads',
    value: 678,
    change: 0.1,
    direction: 'down',
    series: [702, 698, 701, 694, 690, 692, 686, 688, 683, 681, 679, 678],
  },
];

/** Months of the line chart, Jan to Dec (docs/product/screens.md). */
export const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
/** Quarters of the bar chart, Q1 to Q4 (docs/product/screens.md). */
export const QUARTERS = ['Q1', 'Q2', 'Q3', 'Q4'] as const;

/** A chart's data: x labels and one or more named series. */
export interface ChartSample {
  title: string;
  /** A line under the title: the period, the unit. */
  subtitle?: string;
  labels: readonly string[];
  datasets: ReadonlyArray<{ name: string; values: readonly number[] }>;
}

/** Line chart "Total vs Closed Properties" by month (docs/product/screens.md). */
export const TOTAL_VS_CLOSED: ChartSample = {
  title: 'Total vs Closed Properties',
  subtitle: 'By month, Jan to Dec',
  labels: MONTHS,
  datasets: [
    { name: 'Total', values: [320, 345, 362, 390, 410, 428, 455, 470, 496, 512, 538, 560] },
    { name: 'Closed', values: [110, 124, 131, 150, 162, 170, 188, 195, 214, 226, 241, 258] },
  ],
};

/** Doughnut chart "Agents vs Properties": 45 vs 15 (docs/product/screens.md). */
export const AGENTS_VS_PROPERTIES: ChartSample = {
  title: 'Agents vs Properties',
  labels: ['Agents', 'Properties'],
  datasets: [{ name: 'Count', values: [45, 15] }],
};

/** Bar chart "Revenue vs Pipeline" by quarter (docs/product/screens.md), in lakh rupees. */
export const REVENUE_VS_PIPELINE: ChartSample = {
  title: 'Revenue vs Pipeline',
  subtitle: 'By quarter, ₹ in lakh',
  labels: QUARTERS,
  datasets: [
    { name: 'Revenue', values: [420, 515, 480, 610] },
    { name: 'Pipeline', values: [560, 640, 700, 760] },
  ],
};

/** One entry of "Top Properties In Demand" (docs/product/screens.md): a name, a star rating and a query count. */
export interface TopPropertySample {
  id: number;
  name: string;
  location: string;
  /** Stars out of `MAX_RATING`, one decimal. */
  rating: number;
  queries: number;
}

/** Stars a rating is out of. */
export const MAX_RATING = 5;

export const TOP_PROPERTIES_TITLE = 'Top Properties In Demand';

/** Five invented properties (docs/product/screens.md: "five named properties"). */
export const TOP_PROPERTIES: readonly TopPropertySample[] = [
  { id: 1, name: 'Skyline Residency', location: 'Whitefield, Bengaluru', rating: 4.8, queries: 1284 },
  { id: 2, name: 'Marine Heights', location: 'Worli, Mumbai', rating: 4.7, queries: 1126 },
  { id: 3, name: 'Palm Grove Villas', location: 'Baner, Pune', rating: 4.5, queries: 982 },
  { id: 4, name: 'Lotus Greens', location: 'Sector 150, Noida', rating: 4.3, queries: 874 },
  { id: 5, name: 'Coral Bay Apartments', location: 'OMR, Chennai', rating: 4.1, queries: 761 },
];

/** Statuses of the Total Leads table (docs/product/screens.md: Warm, Cold, Progress). */
export const LEAD_TEMPERATURES = ['Warm', 'Cold', 'Progress'] as const;
export type LeadTemperature = (typeof LEAD_TEMPERATURES)[number];

/** One row of the "Total Leads" table (docs/product/screens.md). */
export interface LeadSample {
  id: number;
  companyName: string;
  jobTitle: string;
  status: LeadTemperature;
}

export const LEADS_TABLE_TITLE = 'Total Leads';

/** Column headers of the Total Leads table, in order (docs/product/screens.md). */
export const LEADS_COLUMNS = {
  id: 'Id',
  companyName: 'Company Name',
  jobTitle: 'Job Title',
  status: 'Status',
  action: 'Action',
} as const;

/** Rows the Total Leads table shows per page. */
export const LEADS_TABLE_PAGE_SIZE = 5;

/** Invented sample leads: enough for three pages, so the pager has something to do. */
export const LEADS: readonly LeadSample[] = [
  { id: 1001, companyName: 'Sharma Realty Pvt Ltd', jobTitle: 'Purchase Manager', status: 'Warm' },
  { id: 1002, companyName: 'Infosys Ltd', jobTitle: 'Facilities Head', status: 'Cold' },
  { id: 1003, companyName: 'Kapoor & Sons Builders', jobTitle: 'Director', status: 'Progress' },
  { id: 1004, companyName: 'Tata Consultancy Services', jobTitle: 'Admin Manager', status: 'Warm' },
  { id: 1005, companyName: 'Mehta Textiles', jobTitle: 'Managing Partner', status: 'Cold' },
  { id: 1006, companyName: 'Reddy Infra Projects', jobTitle: 'Project Lead', status: 'Progress' },
  { id: 1007, companyName: 'Nair Logistics', jobTitle: 'Operations Head', status: 'Warm' },
  { id: 1008, companyName: 'Iyer Healthcare', jobTitle: 'Chief Financial Officer', status: 'Progress' },
  { id: 1009, companyName: 'Gupta Electronics', jobTitle: 'Store Manager', status: 'Cold' },
  { id: 1010, companyName: 'Desai Hospitality', jobTitle: 'General Manager', status: 'Warm' },
  { id: 1011, companyName: 'Banerjee Foods', jobTitle: 'Procurement Officer', status: 'Progress' },
  { id: 1012, companyName: 'Joshi Consultants', jobTitle: 'Senior Consultant', status: 'Cold' },
];

/** Texts of the welcome card (docs/product/screens.md). `{name}` is the signed-in user's name. */
export const WELCOME_TEXT = {
  greeting: 'Welcome back',
  intro: 'This dashboard shows everything about the product: your leads, properties, agents and revenue at a glance.',
  websiteLink: 'Visit the product website',
  getStarted: 'Get Started',
  /** Shown when the signed-in user has no name, e-mail or anything else to greet them by. */
  fallbackName: 'admin',
} as const;

/**
 * Where the welcome card's website link points unless the host passes `websiteUrl`. The card points
 * to the product website (docs/product/screens.md) without naming it: a placeholder on a reserved
 * domain (RFC 2606) until the real address is known, so no stranger's site is linked by accident.
 */
export const PRODUCT_WEBSITE_URL = 'https://estatedesk.example.com/';
