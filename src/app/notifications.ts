/** The bell's static list of five items (docs/product/screens.md, "Sidebar and top bar"). */
export const NOTIFICATIONS = [
  { id: 'n1', title: 'New lead assigned: Priya Sharma', time: '2 min ago' },
  { id: 'n2', title: 'Site visit booked for Skyline Heights, Pune', time: '1 hour ago' },
  { id: 'n3', title: 'Rahul Verma moved to Won', time: '3 hours ago' },
  { id: 'n4', title: '12 leads imported from the weekend expo', time: 'Yesterday' },
  { id: 'n5', title: 'Price updated: 3 BHK, Bandra West', time: '2 days ago' },
] as const;
